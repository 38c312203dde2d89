import { type FormEvent, useEffect, useState } from 'react';
import { ApiError } from '../api/client';
import { notifications } from '../notifications/notificationStore';
import { MSG } from '../staff/messages';
import { FormMessage } from '../ui/FormMessage';
import { pharmacyApi } from './pharmacyApi';

/**
 * The pharmacy's address and phone, printed on the copies of the plan (D33), and its department,
 * which sets the amount of the act (D44: 30,00 € in mainland France, 31,50 € in 971 to 976).
 */
export function ContactPanel() {
  const [address, setAddress] = useState('');
  const [phone, setPhone] = useState('');
  const [department, setDepartment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let active = true;
    pharmacyApi
      .contact()
      .then((c) => {
        if (!active) return;
        setAddress(c.address);
        setPhone(c.phone);
        setDepartment(c.department);
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSaving(true);
    try {
      const saved = await pharmacyApi.setContact(address, phone, department);
      setAddress(saved.address);
      setPhone(saved.phone);
      setDepartment(saved.department);
      setError(null);
      notifications.info('Coordonnées enregistrées.');
    } catch (err) {
      setError(err instanceof ApiError && err.message ? err.message : MSG.genericError);
    } finally {
      setSaving(false);
    }
  }

  return (
    <section aria-labelledby="contact-title" className="card">
      <h2 id="contact-title">Coordonnées de la pharmacie</h2>
      <p className="hint">
        L’adresse et le téléphone figurent sur les copies du plan personnalisé de prévention. Le département fixe le
        montant de l’acte «{'\u00a0'}Bilan réalisé{'\u00a0'}»{'\u00a0'}: 30,00{'\u00a0'}€ en métropole et en Corse,
        31,50{'\u00a0'}€ dans les départements d’outre-mer (971 à 976).
      </p>
      <FormMessage message={error} />
      <form onSubmit={(e) => void submit(e)}>
        <div className="field">
          <label htmlFor="contact-address">Adresse de la pharmacie</label>
          <input id="contact-address" maxLength={300} value={address} onChange={(e) => setAddress(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="contact-phone">Téléphone</label>
          <input
            id="contact-phone"
            type="tel"
            maxLength={40}
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            placeholder="ex. 01 23 45 67 89"
          />
        </div>
        <div className="field">
          <label htmlFor="contact-department">Département de la pharmacie</label>
          <p className="hint" id="contact-department-hint">
            Ses chiffres{'\u00a0'}: 01 à 95, 2A ou 2B pour la Corse, 971 à 976 outre-mer.
          </p>
          <input
            id="contact-department"
            aria-describedby="contact-department-hint"
            maxLength={3}
            autoComplete="off"
            inputMode="text"
            value={department}
            onChange={(e) => setDepartment(e.target.value)}
            className="input-short"
          />
        </div>
        <button type="submit" className="btn btn-primary" disabled={saving} aria-busy={saving}>
          Enregistrer les coordonnées
        </button>
      </form>
    </section>
  );
}

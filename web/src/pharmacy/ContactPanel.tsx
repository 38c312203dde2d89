import { type FormEvent, useEffect, useState } from 'react';
import { ApiError } from '../api/client';
import { notifications } from '../notifications/notificationStore';
import { MSG } from '../staff/messages';
import { FormMessage } from '../ui/FormMessage';
import { pharmacyApi } from './pharmacyApi';

/** The pharmacy's address and phone, printed on the copies of the plan (D33). */
export function ContactPanel() {
  const [address, setAddress] = useState('');
  const [phone, setPhone] = useState('');
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
      const saved = await pharmacyApi.setContact(address, phone);
      setAddress(saved.address);
      setPhone(saved.phone);
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
      <h2 id="contact-title">Coordonnées imprimées sur les plans</h2>
      <p className="hint">L’adresse et le téléphone figurent sur les copies du plan personnalisé de prévention.</p>
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
        <button type="submit" className="btn btn-primary" disabled={saving} aria-busy={saving}>
          Enregistrer les coordonnées
        </button>
      </form>
    </section>
  );
}

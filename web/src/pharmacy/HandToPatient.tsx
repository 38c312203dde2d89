import { useState, type FormEvent } from 'react';
import { ApiError } from '../api/client';
import { MSG } from '../staff/messages';
import { patientMode } from '../staff/patientMode';
import { staffApi } from '../staff/staffApi';
import { Dialog } from '../ui/Dialog';

const CODE = /^\d{4,8}$/;

/**
 * « Passer la tablette au patient » (D40): the dashboard is locked on this device (the server
 * locks this session), then the patient's form replaces it in the same tab. The old « nouvelle
 * fenêtre » link is gone on purpose: it left the dashboard one tab away from the patient; the
 * link itself stays on « Affiche et lien » for a pharmacist who wants to copy it.
 */
export function HandToPatient({ pharmacyName }: { pharmacyName: string }) {
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setOpen(false);
    setCode('');
    setError(null);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = code.trim();
    if (value !== '' && !CODE.test(value)) {
      setError('Le code doit contenir de 4 à 8 chiffres, ou restez vide pour n’utiliser que le mot de passe.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await staffApi.lock(value);
      patientMode.set(true);
      // A new page, not a route change: nothing of the dashboard stays in this tab's memory.
      window.location.replace(`/${encodeURIComponent(pharmacyName)}/userform`);
    } catch (err) {
      setError(err instanceof ApiError && err.message && !err.isNetwork ? err.message : MSG.genericError);
      setBusy(false);
    }
  }

  const describedBy = error ? 'hand-hint hand-error' : 'hand-hint';
  return (
    <>
      <button type="button" className="btn btn-primary dashboard-hero-button" onClick={() => setOpen(true)}>
        Passer la tablette au patient
      </button>
      {open ? (
        <Dialog title="Passer la tablette au patient" onCancel={close}>
          <form noValidate onSubmit={(event) => void submit(event)}>
            <p>
              Le questionnaire du patient va s’ouvrir à la place du tableau de bord. Sur cet appareil, le tableau de
              bord restera verrouillé jusqu’à ce que vous saisissiez le mot de passe du compte ou le code ci-dessous.
            </p>
            <div className="field">
              <label htmlFor="hand-code">Code de déverrouillage (facultatif, 4 à 8 chiffres)</label>
              <span className="hint" id="hand-hint">
                Sans code, seul le mot de passe du compte déverrouille. Après cinq codes erronés, le mot de passe est
                demandé.
              </span>
              <input
                id="hand-code"
                type="password"
                inputMode="numeric"
                autoComplete="off"
                maxLength={8}
                value={code}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy}
                onChange={(e) => setCode(e.target.value)}
              />
            </div>
            <p id="hand-error" className="field-error" role="alert">
              {error}
            </p>
            <div className="dialog-actions">
              <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
                Verrouiller et ouvrir le questionnaire
              </button>
              <button type="button" className="btn btn-secondary" onClick={close}>
                Annuler
              </button>
            </div>
          </form>
        </Dialog>
      ) : null}
    </>
  );
}

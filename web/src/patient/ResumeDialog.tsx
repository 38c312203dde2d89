import { useRef, useState, type FormEvent } from 'react';
import { Dialog } from '../ui/Dialog';
import { RESUME_NETWORK } from './flowMessages';
import { resumeForm } from './resumeForm';
import { patientSession } from './session';

export interface ResumeDialogProps {
  pharmacyName: string;
  /** The server recognised the day and month: the form is in the flow store, confirmed. */
  onResumed: () => void;
  /** "Non", or nothing left to resume (the third wrong date, a refused token): the device forgot the form. */
  onGone: () => void;
  /** Escape: the dialog closes, nothing is forgotten. */
  onCancel: () => void;
}

export const RESUME_TITLE = 'Un questionnaire a été commencé sur cet appareil. Est-ce le vôtre\u00a0?';

/** « Il vous reste 2 essais. » */
const triesLeftText = (n: number) => (n > 1 ? `Il vous reste ${n} essais.` : 'Il vous reste un essai.');

/**
 * D31: a form in progress on a shared device never names its owner and shows nothing before the
 * day and month of birth given at registration, which the server checks; three wrong ones in a
 * row close it on this device (the server erases it).
 */
export function ResumeDialog({ pharmacyName, onResumed, onGone, onCancel }: ResumeDialogProps) {
  const [day, setDay] = useState('');
  const [month, setMonth] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const dayInput = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const d = Number(day);
    const m = Number(month);
    if (!/^\d{1,2}$/.test(day.trim()) || !/^\d{1,2}$/.test(month.trim()) || d < 1 || d > 31 || m < 1 || m > 12) {
      setError('Indiquez le jour (1 à 31) et le mois (1 à 12) de votre naissance, en chiffres.');
      dayInput.current?.focus();
      return;
    }
    const token = patientSession.token();
    if (!token) return onGone();
    setBusy(true);
    try {
      const result = await resumeForm(token, pharmacyName, d, m);
      if (result.kind === 'resumed') return onResumed();
      if (result.kind === 'gone') return onGone();
      setError(
        `Ce n’est pas la date de naissance donnée au début de ce questionnaire. ${triesLeftText(result.triesLeft)}`,
      );
      setDay('');
      setMonth('');
      dayInput.current?.focus();
    } catch {
      setError(RESUME_NETWORK());
    } finally {
      setBusy(false);
    }
  };

  const describedBy = error ? 'resume-hint resume-error' : 'resume-hint';
  return (
    <Dialog title={RESUME_TITLE} onCancel={onCancel}>
      <form className="resume-form" noValidate onSubmit={(event) => void submit(event)}>
        <p id="resume-hint">
          Pour le reprendre, indiquez votre jour et votre mois de naissance. Si ce n’est pas le vôtre, commencez-en un
          nouveau{'\u00a0'}: ses réponses resteront masquées.
        </p>
        <p id="resume-error" className="field-error" role="alert">
          {error}
        </p>
        <div className="birth-date-parts">
          <div className="field birth-date-part">
            <label htmlFor="resume-day">Jour de naissance</label>
            <input
              ref={dayInput}
              id="resume-day"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              className="input-width-2"
              maxLength={2}
              value={day}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
              onChange={(e) => setDay(e.target.value)}
            />
          </div>
          <div className="field birth-date-part">
            <label htmlFor="resume-month">Mois de naissance</label>
            <input
              id="resume-month"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              className="input-width-2"
              maxLength={2}
              value={month}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
              onChange={(e) => setMonth(e.target.value)}
            />
          </div>
        </div>
        <div className="dialog-actions">
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
            Oui, reprendre mon questionnaire
          </button>
          <button type="button" className="btn btn-secondary" onClick={onGone}>
            Non, commencer un nouveau questionnaire
          </button>
        </div>
      </form>
    </Dialog>
  );
}

import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { endPatientSession } from './endPatientSession';
import { ResumeDialog } from './ResumeDialog';
import { useForgetOnReturn } from './useForgetOnReturn';

/**
 * What stands in place of the answers while the resume question is open, or after Escape closed
 * it (D31): the form is the person's again only once the server recognised their day and month
 * of birth. Also shown, with nothing in memory, when a page of the flow is reloaded.
 */
export function PausedForm({ pharmacyName, onResumed }: { pharmacyName: string; onResumed?: () => void }) {
  const navigate = useNavigate();
  useForgetOnReturn(pharmacyName);
  const [open, setOpen] = useState(true);
  const reopen = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) reopen.current?.focus();
  }, [open]);
  return (
    <main className="container patient-page" id="contenu">
      <h1>Questionnaire en pause</h1>
      <p>
        Un questionnaire commencé sur cet appareil n’est pas terminé. Ses réponses sont masquées tant que la personne
        qui l’a commencé n’a pas donné son jour et son mois de naissance.
      </p>
      <button ref={reopen} type="button" className="btn btn-primary" onClick={() => setOpen(true)}>
        Reprendre le questionnaire commencé
      </button>
      {open && (
        <ResumeDialog
          pharmacyName={pharmacyName}
          // The flow store now holds the confirmed form: back to the page it was on.
          onResumed={() => {
            setOpen(false);
            onResumed?.();
          }}
          onGone={() => {
            endPatientSession();
            void navigate(`/${encodeURIComponent(pharmacyName)}/userform`, { replace: true });
          }}
          onCancel={() => setOpen(false)}
        />
      )}
    </main>
  );
}

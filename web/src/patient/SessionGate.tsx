import { useEffect, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router-dom';
import { endPatientSession } from './endPatientSession';
import { flowStore, useFlowState } from './flowStore';
import { useIdleWatch } from './idleClock';
import { ResumeDialog } from './ResumeDialog';
import { patientSession } from './session';

/**
 * D23 and D31 around every screen of the real flow that shows answers: they show only once the
 * server recognised the person's day and month of birth. A form left idle 20 minutes, or a page
 * the browser kept in its back-forward cache, asks « Un questionnaire a été commencé sur cet
 * appareil. Est-ce le vôtre ? » first; meanwhile the answers are not in the page at all.
 */
export function SessionGate({ pharmacyName, children }: { pharmacyName: string; children: ReactNode }) {
  const flow = useFlowState();
  const navigate = useNavigate();
  const confirmed = flow.identity === 'confirmed';
  useIdleWatch(confirmed, flowStore.askIdentity);

  useEffect(() => {
    // Leaving the page (another address, a reload): the answers leave the page before the
    // browser may keep a copy of it for the Back button.
    const onHide = () => flushSync(() => flowStore.askIdentity());
    // Back from another page: if the token is no longer this form's, the form is forgotten.
    const onShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      const own = flowStore.get().patient?.token;
      if (own && patientSession.token() === own) return;
      endPatientSession();
      navigate(`/${encodeURIComponent(pharmacyName)}/userform`, { replace: true });
    };
    window.addEventListener('pagehide', onHide);
    window.addEventListener('pageshow', onShow);
    return () => {
      window.removeEventListener('pagehide', onHide);
      window.removeEventListener('pageshow', onShow);
    };
  }, [navigate, pharmacyName]);

  if (confirmed) return <>{children}</>;
  return <PausedForm pharmacyName={pharmacyName} />;
}

/**
 * What stands in place of the answers while the resume question is open, or after Escape closed
 * it (D31): the form is the person's again only once the server recognised their day and month
 * of birth. Also shown, with nothing in memory, when a page of the flow is reloaded.
 */
export function PausedForm({ pharmacyName }: { pharmacyName: string }) {
  const navigate = useNavigate();
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
          // The flow store now holds the confirmed form: the page behind shows it.
          onResumed={() => setOpen(false)}
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

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router-dom';
import { endPatientSession } from './endPatientSession';
import { flowStore, useFlowState } from './flowStore';
import { idleClock, useIdleWatch } from './idleClock';
import { ResumeDialog } from './ResumeDialog';
import { patientSession } from './session';

/**
 * D23 around every screen of the real flow that shows answers: they show only once the person
 * said the form is theirs. A form reloaded from the server, one left idle 20 minutes, or a page
 * the browser kept in its back-forward cache, asks "Reprendre le questionnaire commencé par
 * <prénom> ?" first; meanwhile the answers are not in the page at all.
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
  return (
    <PausedForm
      firstName={flow.patient?.firstName ?? ''}
      onYes={() => {
        idleClock.touch();
        flowStore.confirmIdentity();
      }}
      onNo={() => {
        endPatientSession();
        navigate(`/${encodeURIComponent(pharmacyName)}/userform`, { replace: true });
      }}
    />
  );
}

/** What stands in place of the answers while the question is open, or after Escape closed it. */
function PausedForm({ firstName, onYes, onNo }: { firstName: string; onYes: () => void; onNo: () => void }) {
  const [open, setOpen] = useState(true);
  const reopen = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) reopen.current?.focus();
  }, [open]);
  return (
    <main className="container patient-page" id="contenu">
      <h1>Questionnaire en pause</h1>
      <p>
        Un questionnaire commencé sur cet appareil n’est pas terminé. Ses réponses sont masquées tant que vous n’avez
        pas dit s’il est le vôtre.
      </p>
      <button ref={reopen} type="button" className="btn btn-primary" onClick={() => setOpen(true)}>
        Reprendre le questionnaire commencé
      </button>
      {open && <ResumeDialog firstName={firstName} onYes={onYes} onNo={onNo} onCancel={() => setOpen(false)} />}
    </main>
  );
}

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router-dom';
import { endPatientSession } from './endPatientSession';
import { flowStore, useFlowState } from './flowStore';
import { idleClock, useIdleWatch } from './idleClock';
import { ToPause } from './ToPause';
import { ResumeDialog } from './ResumeDialog';
import { useForgetOnReturn } from './useForgetOnReturn';
import { stillHere } from './stillHere';
import { StillHereDialog } from './StillHereDialog';

/**
 * D23, D31 and D39 around every screen of the real flow that shows answers: they show only once
 * the server recognised the person's day and month of birth. After 3 minutes without a touch or a
 * key the page asks « Vous êtes toujours là ? »; without an answer within 60 seconds, or for a page
 * the browser kept in its back-forward cache, the answers leave the page for the resume question
 * at the pause's neutral address (PauseScreen.tsx). While the person is active, the server hears
 * it at most once a minute (stillHere.ts).
 */
export function SessionGate({ pharmacyName, children }: { pharmacyName: string; children: ReactNode }) {
  const flow = useFlowState();
  useForgetOnReturn(pharmacyName);
  const confirmed = flow.identity === 'confirmed';
  const [asking, setAsking] = useState(false);
  useIdleWatch(
    confirmed,
    () => {
      setAsking(false);
      flowStore.askIdentity();
    },
    () => setAsking(true),
    () => stillHere(),
  );

  useEffect(() => {
    // Leaving the page (another address, a reload): the answers leave the page before the
    // browser may keep a copy of it for the Back button.
    const onHide = () => flushSync(() => flowStore.askIdentity());
    window.addEventListener('pagehide', onHide);
    return () => window.removeEventListener('pagehide', onHide);
  }, []);

  if (!confirmed) return <ToPause pharmacyName={pharmacyName} />;
  return (
    <>
      {children}
      {asking && (
        <StillHereDialog
          onContinue={() => {
            idleClock.touch();
            setAsking(false);
            stillHere({ now: true });
          }}
        />
      )}
    </>
  );
}

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

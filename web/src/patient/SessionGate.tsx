import { useEffect, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { flowStore, useFlowState } from './flowStore';
import { idleClock, useIdleWatch } from './idleClock';
import { ToPause } from './ToPause';
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

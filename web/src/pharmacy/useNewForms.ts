import { useEffect, useRef, useState } from 'react';
import { pharmacyApi } from './pharmacyApi';

/** How often the list asks whether a form arrived (the issue allows at most 30 s late). */
const POLL_MS = 20_000;

/**
 * Watches for forms sent while the page is open: every POLL_MS, and when the page comes back into
 * view, it asks the count of received forms (no health data) and calls `onNew` when it grew.
 * Returns whether a new form arrived since the notice was last dismissed.
 */
export function useNewForms(signedIn: boolean, onNew: () => void): [boolean, () => void] {
  const [arrived, setArrived] = useState(false);
  const known = useRef<number | null>(null);
  const latestOnNew = useRef(onNew);
  useEffect(() => {
    latestOnNew.current = onNew;
  }, [onNew]);

  useEffect(() => {
    if (!signedIn) return;
    let active = true;
    const check = () => {
      pharmacyApi
        .latest()
        .then(({ received }) => {
          if (!active) return;
          if (known.current !== null && received > known.current) {
            setArrived(true);
            latestOnNew.current();
          }
          known.current = received;
        })
        // A missed poll is retried at the next one; the page's own loads report errors.
        .catch(() => undefined);
    };
    check();
    const timer = setInterval(check, POLL_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      active = false;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [signedIn]);

  return [arrived, () => setArrived(false)];
}

import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { ApiError } from '../api/client';
import { PageLoading } from '../site/PageLoading';
import { LockScreen } from './LockScreen';
import { patientMode } from './patientMode';
import { staffApi } from './staffApi';

type State = 'checking' | 'locked' | 'open';

/**
 * Around every staff address (account screens, dashboard, form, consultation, poster, admin): in
 * patient mode (D40) the lock screen, never the page. The server is asked at each address and when
 * the browser shows a page from its cache again; the browser's own note shows the lock at once.
 */
export function StaffGate() {
  const { pathname } = useLocation();
  const remembered = useSyncExternalStore(patientMode.subscribe, patientMode.on, () => false);
  const [state, setState] = useState<State>('checking');
  const [checks, setChecks] = useState(0);
  const recheck = useCallback(() => setChecks((n) => n + 1), []);

  useEffect(() => {
    let active = true;
    staffApi.me().then(
      () => {
        if (!active) return;
        patientMode.set(false);
        setState('open');
      },
      (err: unknown) => {
        if (!active) return;
        const locked = err instanceof ApiError && err.code === 'session_locked';
        // No session (401) or the server out of reach: the page itself says so, as before.
        if (!locked && err instanceof ApiError && err.status === 401) patientMode.set(false);
        setState(locked || patientMode.on() ? 'locked' : 'open');
        if (locked) patientMode.set(true);
      },
    );
    return () => {
      active = false;
    };
  }, [pathname, checks]);

  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => event.persisted && recheck();
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [recheck]);

  if (state === 'locked' || remembered) return <LockScreen onUnlocked={recheck} />;
  if (state === 'checking') return <PageLoading />;
  return <Outlet />;
}

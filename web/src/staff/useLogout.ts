import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { staffApi } from './staffApi';
import { session } from './session';

/** Logout: the server revokes the session and removes its cookie, the browser forgets who it was, then back to /login. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    // A failed revocation must not keep the user in: what the browser keeps goes regardless.
    await staffApi.logout().catch(() => undefined);
    session.clearAll();
    navigate('/login');
  }, [navigate]);
}

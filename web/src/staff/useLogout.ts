import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { staffApi } from './staffApi';
import { session } from './session';

/** Logout: the server revokes the token, the browser forgets it, then back to /login. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    const token = session.token();
    if (token) {
      // A failed revocation must not keep the user in: the local session goes regardless.
      await staffApi.logout(token).catch(() => undefined);
    }
    session.clearAll();
    navigate('/login');
  }, [navigate]);
}

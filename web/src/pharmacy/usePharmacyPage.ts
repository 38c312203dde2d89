import { useCallback } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { ApiError } from '../api/client';
import { notifications } from '../notifications/notificationStore';
import { MSG } from '../staff/messages';
import { dashboardPath, session } from '../staff/session';

/**
 * What every page of a pharmacy's dashboard starts with: who signed in (`signedIn`: the session
 * itself is the HttpOnly cookie the calls carry), where to send a visitor who has none or is
 * someone else (`redirect`), and the answer to a 401 (back to the login).
 */
export function usePharmacyPage() {
  const { pharmacyName = '' } = useParams();
  const navigate = useNavigate();
  const account = session.account();
  const onAuthFailure = useCallback(
    (err: unknown) => {
      if (err instanceof ApiError && err.status === 401) {
        session.clearAll();
        notifications.error(err.message || MSG.sessionInvalid);
        navigate('/login');
        return true;
      }
      return false;
    },
    [navigate],
  );
  const redirect = !account
    ? '/login'
    : account.role.toLowerCase() === 'admin' || account.name !== pharmacyName
      ? dashboardPath(account)
      : null;
  // A boolean for the pages' effects: the account is read afresh at each render.
  const signedIn = account !== null && redirect === null;
  return { signedIn, account, redirect, onAuthFailure, basePath: `/${encodeURIComponent(pharmacyName)}/dashboard` };
}

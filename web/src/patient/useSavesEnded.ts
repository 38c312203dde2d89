import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { notifications } from '../notifications/notificationStore';
import { endPatientSession } from './endPatientSession';
import { FORM_SUBMITTED, SESSION_EXPIRED } from './flowMessages';
import { isFormFinished } from './resumeForm';
import { saveQueue } from './saveQueue';

/**
 * While a page of the real flow is on screen: when a queued save finds the token refused (the
 * form finished elsewhere, erased, expired), this device forgets the form and shows the start
 * screen with why.
 */
export function useSavesEnded(pharmacyName: string): void {
  const navigate = useNavigate();
  useEffect(
    () =>
      saveQueue.onEnded((error) => {
        endPatientSession();
        if (isFormFinished(error)) notifications.info(FORM_SUBMITTED());
        else notifications.error(SESSION_EXPIRED());
        void navigate(`/${encodeURIComponent(pharmacyName)}/userform`, { replace: true });
      }),
    [navigate, pharmacyName],
  );
}

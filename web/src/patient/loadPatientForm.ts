import { ApiError } from '../api/client';
import { patientApi } from '../api/patientApi';
import { notifications } from '../notifications/notificationStore';
import { endPatientSession } from './endPatientSession';
import { flowStore } from './flowStore';
import { FORM_SUBMITTED, SESSION_EXPIRED } from './flowMessages';

/** True for the server's refusals that mean "this form is finished": its token is spent (D23). */
export function isFormFinished(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'form_submitted' || error.code === 'already_submitted');
}

/**
 * Reads the form of a patient token from the server into the flow store, as a resumed form
 * that still has to be confirmed (D13, D23). 'gone' when there is no form to go on with: the
 * token is refused, the form is finished (this browser then forgets it), or it belongs to
 * another pharmacy. A network failure rejects, for the caller's "Réessayer".
 */
export async function loadPatientForm(token: string, pharmacyName: string): Promise<'resumed' | 'gone'> {
  try {
    const form = await patientApi.me(token);
    if (form.client.name !== pharmacyName) return 'gone';
    if (form.status !== 'in_progress') {
      endPatientSession();
      notifications.info(FORM_SUBMITTED);
      return 'gone';
    }
    if (!flowStore.resume(form, token)) {
      endPatientSession();
      return 'gone';
    }
    return 'resumed';
  } catch (error) {
    if (!(error instanceof ApiError) || (error.status !== 401 && error.status !== 403)) throw error;
    endPatientSession();
    if (isFormFinished(error)) notifications.info(FORM_SUBMITTED);
    else notifications.error(SESSION_EXPIRED);
    return 'gone';
  }
}

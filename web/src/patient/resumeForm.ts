import { ApiError } from '../api/client';
import { patientApi } from '../api/patientApi';
import { patientLanguage } from '../i18n/patientLanguage';
import { notifications } from '../notifications/notificationStore';
import { endPatientSession } from './endPatientSession';
import { FORM_SUBMITTED, RESUME_CLOSED, SESSION_EXPIRED } from './flowMessages';
import { flowStore } from './flowStore';
import { idleClock } from './idleClock';
import { saveQueue } from './saveQueue';

/** What a resume try gave: the form is this person's again, a wrong date, or nothing left to resume. */
export type ResumeResult = { kind: 'resumed' } | { kind: 'wrong'; triesLeft: number } | { kind: 'gone' };

/** True for the server's refusals that mean "this form is finished": its token is spent (D23). */
export function isFormFinished(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'form_submitted' || error.code === 'already_submitted');
}

/**
 * D31: the day and month of birth go to the server, which alone decides; only then does the
 * form come (back) into this page, confirmed as this person's. A form already in memory for
 * this token keeps what it holds (the page being typed); one read from the server replaces it.
 * 'gone' when there is nothing to resume: the third wrong date closed the form, the token is
 * refused or the form is finished or another pharmacy's; this browser then forgets it (and a
 * notification says why). A network failure rejects, for the caller's "Réessayer".
 */
export async function resumeForm(
  token: string,
  pharmacyName: string,
  day: number,
  month: number,
): Promise<ResumeResult> {
  try {
    const form = await patientApi.resume(token, day, month);
    if (form.client.name !== pharmacyName || form.status !== 'in_progress') {
      endPatientSession();
      if (form.status !== 'in_progress') notifications.info(FORM_SUBMITTED());
      return { kind: 'gone' };
    }
    const inMemory = flowStore.get();
    if (!(inMemory.flow === 'real' && inMemory.patient?.token === token) && !flowStore.resume(form, token)) {
      endPatientSession();
      return { kind: 'gone' };
    }
    idleClock.touch();
    // The screens in the language the form is kept in (issue 46).
    await patientLanguage.choose(form.language).catch((error: unknown) => console.error(error));
    flowStore.confirmIdentity();
    saveQueue.resume();
    return { kind: 'resumed' };
  } catch (error) {
    if (error instanceof ApiError && error.code === 'wrong_birth_date') {
      const left = (error.details as { triesLeft?: unknown } | undefined)?.triesLeft;
      return { kind: 'wrong', triesLeft: typeof left === 'number' ? left : 0 };
    }
    if (!(error instanceof ApiError) || (error.status !== 401 && error.status !== 403)) throw error;
    endPatientSession();
    if (error.code === 'resume_closed') notifications.error(RESUME_CLOSED());
    else if (isFormFinished(error)) notifications.info(FORM_SUBMITTED());
    else notifications.error(SESSION_EXPIRED());
    return { kind: 'gone' };
  }
}

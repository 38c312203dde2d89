import { flowStore } from './flowStore';
import { idleClock } from './idleClock';
import { pausedAddress } from './pausedAddress';
import { saveQueue } from './saveQueue';
import { patientSession } from './session';
import { forgetStillHere } from './stillHere';

/**
 * D23: the browser forgets the patient: token, answers and drafts in memory, saves not yet sent, the idle clock.
 * Called at the thank-you page, on "Non, commencer un nouveau questionnaire", and when the
 * server refuses the token. What stays is public: the pharmacy of the address.
 */
export function endPatientSession(): void {
  saveQueue.clear();
  patientSession.clear();
  flowStore.reset();
  idleClock.touch();
  pausedAddress.forget();
  forgetStillHere();
}

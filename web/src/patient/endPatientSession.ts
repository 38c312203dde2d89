import { flowStore } from './flowStore';
import { idleClock } from './idleClock';
import { patientSession } from './session';

/**
 * D23: the browser forgets the patient: token, answers and drafts in memory, the idle clock.
 * Called at the thank-you page, on "Non, commencer un nouveau questionnaire", and when the
 * server refuses the token. What stays is public: the pharmacy of the address.
 */
export function endPatientSession(): void {
  patientSession.clear();
  flowStore.reset();
  idleClock.touch();
}

import type { Answers, Definition } from '../definition';

/**
 * A filled record as the record layer reads it: the answers in the definition version they
 * were given in (D5), the date of those answers (submission, or last save), and the patient's
 * registration facts when there is a patient (none in the demo flow).
 */
export interface FilledRecord {
  definition: Definition;
  answers: Answers;
  date: Date;
  patient?: { civility: string; birthDate: string } | null;
}

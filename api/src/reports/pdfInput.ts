import type { Answers, Definition, Language } from '@bilan/engine';
import type { AccountRow, PatientRow } from '../db/schema';
import type { PdfInput } from './types';

/** What a stored form's PDFs need of it: its patient, pharmacy and definition version (D5). */
export interface PdfSource {
  patient: Pick<PatientRow, 'civility' | 'lastName' | 'firstName' | 'birthDate' | 'email'>;
  pharmacy: Pick<AccountRow, 'displayName'>;
  definition: Definition;
}

/**
 * A patient's record as the reports read it: the patient feature's (app.ts hands its finder to
 * this plugin, see ReportsOptions), described here so that reports never import the patient feature.
 */
interface FormRecord extends PdfSource {
  form: { id: number; status: string; submittedAt: string | null; answers: Answers; language: Language };
}

/** Finds a patient's record, or undefined when the patient no longer exists (purged). */
export type FindRecord = (patientId: number) => Promise<FormRecord | undefined>;

/** What the PDFs of a form are rendered from: the given answers (normalized by the caller, once). */
export function pdfInputOf(r: PdfSource & { form?: { language: Language } }, answers: Answers, date: Date): PdfInput {
  const { civility, lastName, firstName, birthDate, email } = r.patient;
  return {
    ...(r.form && r.form.language !== 'fr' && { language: r.form.language }),
    definition: r.definition,
    answers,
    patient: { civility, lastName, firstName, birthDate, email },
    pharmacy: { displayName: r.pharmacy.displayName },
    date,
  };
}

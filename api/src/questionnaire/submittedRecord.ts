import type { Answers, FilledRecord } from '@bilan/engine';
import type { FormRow, PatientRow } from '../db/schema';
import { findDefinition } from './definitions';

/**
 * A submitted form read as the record its report, pages and PDFs come from: its own definition
 * version (D5), its answers, the day it was sent, the patient's civility and birth date.
 */
export function submittedRecord(
  form: Pick<FormRow, 'id' | 'definitionId' | 'definitionVersion' | 'answers' | 'submittedAt'>,
  patient: Pick<PatientRow, 'civility' | 'birthDate'>,
): FilledRecord {
  const definition = findDefinition(form.definitionId, form.definitionVersion);
  // Definition versions are never removed (D5): a stored form without one is a bug to surface.
  if (!definition)
    throw new Error(`form ${form.id}: unknown definition ${form.definitionId}@${form.definitionVersion}`);
  if (!form.submittedAt) throw new Error(`form ${form.id}: not submitted`);
  return {
    definition,
    answers: JSON.parse(form.answers) as Answers,
    date: new Date(form.submittedAt),
    patient: { civility: patient.civility, birthDate: patient.birthDate },
  };
}

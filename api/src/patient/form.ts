import type { Answers } from '@bilan/engine';
import type { FormRow } from '../db/schema';

/** A form with its JSON columns read. */
export interface Form extends Omit<FormRow, 'answers' | 'savedSections'> {
  answers: Answers;
  savedSections: string[];
}

/** What a page save did: stored (with the new form), or nothing because the form is finished or gone. */
export type SaveOutcome = { status: 'saved'; form: Form } | { status: 'submitted' } | { status: 'missing' };

export function parseForm(row: FormRow): Form {
  return { ...row, answers: JSON.parse(row.answers) as Answers, savedSections: JSON.parse(row.savedSections) as string[] };
}

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
  return {
    ...row,
    answers: JSON.parse(row.answers) as Answers,
    savedSections: JSON.parse(row.savedSections) as string[],
  };
}

/**
 * What a page save writes, from the stored row (its id and the version it was read at): the answers and saved pages with `section`
 * replaced by what `replay` computes from that copy (it may throw: nothing is written then), or
 * why nothing is written (the form is gone or finished). Both databases' saves go through it.
 */
export function replaySection(
  row: FormRow | undefined,
  section: string,
  replay: (form: Form) => Answers[string],
):
  | { status: 'missing' | 'submitted' }
  | { status: 'write'; id: number; version: number; answers: string; savedSections: string } {
  if (!row) return { status: 'missing' };
  if (row.status !== 'in_progress') return { status: 'submitted' };
  const current = parseForm(row);
  const saved = current.savedSections.includes(section) ? current.savedSections : [...current.savedSections, section];
  return {
    status: 'write',
    id: row.id,
    version: row.version,
    answers: JSON.stringify({ ...current.answers, [section]: replay(current) }),
    savedSections: JSON.stringify(saved),
  };
}

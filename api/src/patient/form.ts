import type { Answers } from '@bilan/engine';
import type { FormRow } from '../db/schema';

/** A form with its JSON columns read. */
export interface Form extends Omit<FormRow, 'answers' | 'savedSections'> {
  answers: Answers;
  savedSections: string[];
}

/**
 * What the patient guard reads on every call: the form's status and the patient's last activity
 * the server saw (the later of the last save or registration and the last resume or « still here »
 * call, D39).
 */
export interface FormPresence {
  status: FormRow['status'];
  activeAt: string;
}

/** The presence of a form row (its columns as both databases read them). */
export const presenceOf = (row: Pick<FormRow, 'status' | 'updatedAt' | 'lastSeenAt'>): FormPresence => ({
  status: row.status,
  // ISO instants of the same format (toISOString): their order is their text's.
  activeAt: row.lastSeenAt !== null && row.lastSeenAt > row.updatedAt ? row.lastSeenAt : row.updatedAt,
});

/**
 * What a page save did: stored (the form's saved pages and version after it), or nothing because
 * the form is finished or gone.
 */
export type SaveOutcome =
  { status: 'saved'; savedSections: string[]; version: number } | { status: 'submitted' } | { status: 'missing' };

/** The columns a page save's write returns: not the answers, which the save has just written. */
export type SavedColumns = Pick<FormRow, 'savedSections' | 'version'>;

/** A stored save's outcome, from the columns its write returned. */
export function savedOutcome(row: SavedColumns): SaveOutcome {
  return { status: 'saved', savedSections: JSON.parse(row.savedSections) as string[], version: row.version };
}

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

import { createHash } from 'node:crypto';
import {
  type FilledRecord,
  paris,
  parseTriageTable,
  type Report,
  reportOf,
  type Triage,
  triageOf,
  type TriageFlag,
  type TriageLevel,
} from '@bilan/engine';
import triageJson from '@bilan/definitions/triage.json' with { type: 'json' };

export type { TriageFlag };

const triageTable = parseTriageTable(triageJson);

/** What the dashboard sorts, counts and shows of a submitted form, stored with it at submission. */
export interface FormTriage {
  submittedMonth: string;
  level: TriageLevel | null;
  flags: TriageFlag[];
}

/** The stored rank of a level: the dashboard sorts by it, highest first. */
const RANK: Record<TriageLevel, number> = { urgent: 2, review: 1 };

/**
 * Which edition of definitions/triage.json a stored triage was computed with: the start triages
 * again every form stored with another one (the table changes without a new definition version).
 */
export const TRIAGE_KEY = createHash('sha256').update(JSON.stringify(triageTable.findings)).digest('hex').slice(0, 16);

/**
 * The triage of a submitted record (D32): the report's findings by the same `reportOf` as
 * Bilan.pdf (same definition version, patient, date), placed by the rules' level or the table.
 * Computed once at submission instead of at every dashboard read.
 */
export function formTriageOf(record: FilledRecord): FormTriage {
  const { level, flags } = reportTriage(reportOf(record));
  return { submittedMonth: paris.month(record.date), level, flags };
}

/** The triage of a report already computed (the form's page reads the report anyway). */
export function reportTriage(report: Report): Triage {
  return triageOf(report, triageTable);
}

/**
 * The flags stored with a form. Those stored before the levels existed have none: they are
 * triaged again at start (backfillTriage), and read meanwhile as « À voir », as they were shown.
 */
export function storedFlags(json: string | null): TriageFlag[] {
  return (JSON.parse(json ?? '[]') as Array<Omit<TriageFlag, 'level'> & Partial<Pick<TriageFlag, 'level'>>>).map(
    (f) => ({ id: f.id, title: f.title, level: f.level ?? 'review' }),
  );
}

/** The forms columns a triage is stored in. */
export function storedTriage(t: FormTriage) {
  return {
    submittedMonth: t.submittedMonth,
    priorityCount: t.flags.length,
    priorityFlags: JSON.stringify(t.flags),
    triageRank: t.level ? RANK[t.level] : 0,
    triageKey: TRIAGE_KEY,
  };
}

/** The level of a stored rank (0 for a form nothing flags). */
export function levelOfRank(rank: number | null): TriageLevel | null {
  return rank === 2 ? 'urgent' : rank === 1 ? 'review' : null;
}

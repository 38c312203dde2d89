import { type FilledRecord, paris, reportOf } from '@bilan/engine';

/** A priority finding of the report, as the dashboard names it ("À voir en priorité" and why). */
export interface PriorityFlag {
  id: string;
  title: string;
}

/** What the dashboard sorts, counts and shows of a submitted form, stored with it at submission. */
export interface Triage {
  submittedMonth: string;
  priorityCount: number;
  priorityFlags: PriorityFlag[];
}

/**
 * The triage of a submitted record: the report's priority findings by the same `reportOf` as
 * Bilan.pdf (same definition version, patient, date), so the badge never disagrees with the PDF.
 * Computed once at submission (about 45 µs) instead of at every dashboard read.
 */
export function triageOf(record: FilledRecord): Triage {
  const priorityFlags = reportOf(record)
    .findings.filter((f) => f.level === 'priority')
    .map((f) => ({ id: f.id, title: f.title }));
  return { submittedMonth: paris.month(record.date), priorityCount: priorityFlags.length, priorityFlags };
}

/** The forms columns a triage is stored in. */
export function storedTriage(t: Triage): { submittedMonth: string; priorityCount: number; priorityFlags: string } {
  return {
    submittedMonth: t.submittedMonth,
    priorityCount: t.priorityCount,
    priorityFlags: JSON.stringify(t.priorityFlags),
  };
}

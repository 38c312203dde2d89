import type { AssessmentRule, Finding, Report } from './assessmentTypes';

/** The dashboard's two levels (D32): « Urgent », then « À voir ». */
export type TriageLevel = 'urgent' | 'review';

/** What a rule or the table says of a finding: one of the two levels, or not flagged. */
export type TriageChoice = NonNullable<AssessmentRule['triage']>;

/** definitions/triage.json: the level of each finding id, for versions whose rules do not carry it. */
export interface TriageTable {
  readonly findings: Readonly<Record<string, TriageChoice>>;
}

/** A finding the dashboard flags, with its level. */
export interface TriageFlag {
  id: string;
  title: string;
  level: TriageLevel;
}

/** A form's place on the dashboard: its highest level (null when nothing is flagged) and its flags, urgent first. */
export interface Triage {
  level: TriageLevel | null;
  flags: TriageFlag[];
}

/** The levels most urgent first, and their words on the dashboard. */
export const TRIAGE_LEVELS = ['urgent', 'review'] as const satisfies readonly TriageLevel[];
export const TRIAGE_LABELS: Record<TriageLevel, string> = { urgent: 'Urgent', review: 'À voir' };

/**
 * Where a finding puts its form: the rule's own `triage` when the version carries it (the newest
 * versions), else the table by finding id (published versions, never edited: D35); a `priority`
 * finding neither names is « À voir », so that a new priority rule is never silently dropped.
 */
function choiceOf(finding: Finding, table: TriageTable): TriageChoice {
  return finding.triage ?? table.findings[finding.id] ?? (finding.level === 'priority' ? 'review' : 'none');
}

/** The triage of a report: its urgent findings, then those to see, each in the report's order. */
export function triageOf(report: Report, table: TriageTable): Triage {
  const flags: TriageFlag[] = [];
  for (const level of TRIAGE_LEVELS)
    for (const finding of report.findings)
      if (choiceOf(finding, table) === level) flags.push({ id: finding.id, title: finding.title, level });
  return { level: flags[0]?.level ?? null, flags };
}

const CHOICES = new Set<unknown>(['urgent', 'review', 'none']);

/**
 * definitions/triage.json read as a table: a JSON import is only strings to the compiler, and a
 * misspelt level must stop the server at start rather than drop a form from the dashboard's top.
 */
export function parseTriageTable(value: { findings: Record<string, unknown> }): TriageTable {
  for (const [id, choice] of Object.entries(value.findings))
    if (!CHOICES.has(choice))
      throw new Error(
        `triage.json\u00a0: ${id}\u00a0: «\u00a0${String(choice)}\u00a0» n’est pas urgent, review ou none`,
      );
  return value as TriageTable;
}

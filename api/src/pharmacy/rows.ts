import type { AuditLogRow } from '../db/schema';

// What the pharmacist's repository reads and is asked (repository.ts), shared with the service and the export.

/** A submitted form as the dashboard lists it. */
export interface ListedForm {
  patientId: number;
  lastName: string;
  firstName: string;
  birthDate: string;
  band: string;
  submittedAt: string;
  priorityCount: number;
  priorityFlags: string;
  /** 2 « Urgent », 1 « À voir », 0 nothing flagged (questionnaire/triage.ts). */
  triageRank: number;
  bilanDoneAt: string | null;
}

/** A submitted form as the export writes it. */
export interface ExportRow {
  patientId: number;
  civility: string;
  lastName: string;
  firstName: string;
  birthDate: string;
  email: string;
  definitionId: string;
  definitionVersion: string;
  answers: string;
  submittedAt: string;
  submittedMonth: string | null;
  priorityFlags: string | null;
  triageRank: number | null;
  bilanDoneAt: string | null;
}

type FormSort = 'priority' | 'date' | 'name';

/** What the dashboard asks for: one month or all, words of a name or a birth date, a sort and a page. */
export interface FormQuery {
  pharmacyId: number;
  /** YYYY-MM (Paris), or null for every month. */
  month: string | null;
  /** Folded words (searchFold) that each must appear in "last name first name". */
  words: string[];
  /** YYYY-MM-DD when the search is a date of birth. */
  birthDate: string | null;
  sort: FormSort;
  offset: number;
  limit: number;
}

/** Instants (ISO, UTC) bounding a Paris month and a Paris day, for the counts. */
export interface CountWindow {
  month: string;
  monthStart: string;
  monthEnd: string;
  dayStart: string;
  dayEnd: string;
}

export interface AuditEntry {
  actorAccountId: number;
  action: AuditLogRow['action'];
  patientId: number | null;
  detail: Record<string, unknown> | null;
  ip: string;
  at: string;
}

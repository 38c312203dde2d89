import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditLog, documents, forms, patients, type AuditLogRow, type DocumentRow } from '../db/schema';

export interface SubmittedForm {
  patientId: number;
  formId: number;
  lastName: string;
  firstName: string;
  birthDate: string;
  band: string;
  submittedAt: string;
}

export interface AuditEntry {
  actorAccountId: number;
  action: AuditLogRow['action'];
  patientId: number | null;
  detail: Record<string, unknown> | null;
  ip: string;
  at: string;
}

// Well under SQLite's bound-parameter limit, whatever version better-sqlite3 bundles.
const CHUNK = 500;

/**
 * The WHERE condition "submitted forms of this pharmacy", for a query that joins patients to
 * forms. The status test carries SQLite's unary `+`, which keeps it from choosing the
 * (status, submitted_at) index: without statistics the planner took that index to avoid a sort
 * and read every submitted form of every pharmacy (100,000 forms: 180 ms for a list of 452),
 * where the pharmacy index reads only this pharmacy's rows (2 ms). The admin statistics, which do
 * span all pharmacies, keep using that index.
 */
function submittedOfPharmacy(pharmacyId: number): SQL {
  return and(eq(patients.pharmacyId, pharmacyId), sql`+${forms.status} = 'submitted'`) as SQL;
}

/** What the pharmacist's dashboard reads: its own submitted forms, their PDFs, the export; the audit trail it writes. */
export function pharmacyRepository(db: Db) {
  return {
    /** The submitted forms of one pharmacy, newest first. Forms in progress are not the pharmacy's yet. */
    async submittedForms(pharmacyId: number): Promise<SubmittedForm[]> {
      return db
        .select({
          patientId: patients.id,
          formId: forms.id,
          lastName: patients.lastName,
          firstName: patients.firstName,
          birthDate: patients.birthDate,
          band: patients.band,
          submittedAt: forms.submittedAt,
        })
        .from(patients)
        .innerJoin(forms, eq(forms.patientId, patients.id))
        .where(submittedOfPharmacy(pharmacyId))
        .orderBy(desc(forms.submittedAt), desc(patients.id))
        .all()
        .filter((r): r is SubmittedForm => r.submittedAt !== null);
    },

    /** A stored PDF of a submitted form of this pharmacy's patient; undefined for another pharmacy's. */
    async documentOf(pharmacyId: number, patientId: number, kind: DocumentRow['kind']): Promise<Buffer | undefined> {
      return db
        .select({ content: documents.content })
        .from(documents)
        .innerJoin(forms, eq(documents.formId, forms.id))
        .innerJoin(patients, eq(forms.patientId, patients.id))
        .where(and(eq(patients.id, patientId), eq(patients.pharmacyId, pharmacyId), eq(forms.status, 'submitted'), eq(documents.kind, kind)))
        .get()?.content;
    },

    /** Every submitted form of the pharmacy with its patient, oldest first: the export's rows. */
    async exportRows(pharmacyId: number) {
      return db
        .select({ patient: patients, form: forms })
        .from(patients)
        .innerJoin(forms, eq(forms.patientId, patients.id))
        .where(submittedOfPharmacy(pharmacyId))
        .orderBy(asc(forms.submittedAt), asc(patients.id))
        .all();
    },

    /** What the assessment of each given form needs: its answers, dates, and the patient's civility and birth date. */
    async assessmentRows(formIds: readonly number[]) {
      const rows = [];
      for (let start = 0; start < formIds.length; start += CHUNK) {
        rows.push(
          ...db
            .select({
              id: forms.id,
              definitionId: forms.definitionId,
              definitionVersion: forms.definitionVersion,
              answers: forms.answers,
              submittedAt: forms.submittedAt,
              updatedAt: forms.updatedAt,
              civility: patients.civility,
              birthDate: patients.birthDate,
            })
            .from(forms)
            .innerJoin(patients, eq(forms.patientId, patients.id))
            .where(inArray(forms.id, formIds.slice(start, start + CHUNK)))
            .all(),
        );
      }
      return rows;
    },

    /** D18: one read of health data by a staff member (who, what, when, from where). */
    async recordAudit(e: AuditEntry): Promise<void> {
      db.insert(auditLog)
        .values({
          actorAccountId: e.actorAccountId,
          action: e.action,
          patientId: e.patientId,
          detail: e.detail ? JSON.stringify(e.detail) : null,
          ip: e.ip,
          createdAt: e.at,
        })
        .run();
    },
  };
}

export type PharmacyRepository = ReturnType<typeof pharmacyRepository>;
export type AssessmentRow = Awaited<ReturnType<PharmacyRepository['assessmentRows']>>[number];
export type ExportRow = Awaited<ReturnType<PharmacyRepository['exportRows']>>[number];

import { and, asc, count, desc, eq, gte, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import { first, type Store } from '../db/store';
import type { DocumentRow } from '../db/schema';
import type { AuditEntry, CountWindow, ExportRow, FormQuery, ListedForm } from './rows';
import type { PdfStore } from '../db/pdfStore';
import { pdfBytes } from '../reports';
import { formConditions } from './formConditions';

/**
 * A number PostgreSQL computes as bigint or numeric (sum, coalesce of a bigint), which its driver
 * hands over as a string; SQLite gives a number.
 */
const number = (expression: SQL) => expression.mapWith(Number);

/** What the pharmacist's dashboard reads: its own submitted forms, their PDFs, the export; the audit trail it writes. */
export function pharmacyRepository(store: Store, pdfs: PdfStore) {
  const {
    db,
    tables: { accounts, auditLog, documents, forms, patients },
  } = store;
  const { ofPharmacy, submittedOfPharmacy, formFilters, personColumns } = formConditions(store);
  /**
   * A form's triage rank while its bilan is not done (2 « Urgent », 1 « À voir », 0): a form
   * keeps its level once done, but no longer waits. A form whose triage is being filled at start
   * (triage_rank still null) counts as « À voir » when it has flags.
   */
  const pendingRank = sql`CASE WHEN ${forms.bilanDoneAt} IS NULL THEN coalesce(${forms.triageRank}, CASE WHEN ${forms.priorityCount} > 0 THEN 1 ELSE 0 END) ELSE 0 END`;

  return {
    /**
     * One page of the pharmacy's submitted forms and how many match. Sorted "priority" (D32):
     * newest month first, then within the month the « Urgent » forms whose bilan is not done yet,
     * then those « À voir », each level in the order the forms came (the person waiting longest
     * first), then the rest newest first; "date": newest first; "name": by folded last then first name.
     */
    async listForms(q: FormQuery): Promise<{ rows: ListedForm[]; total: number }> {
      const where = and(submittedOfPharmacy(q.pharmacyId), ...formFilters(q));
      const order =
        q.sort === 'name'
          ? [sql`search_fold(${patients.lastName})`, sql`search_fold(${patients.firstName})`, asc(patients.id)]
          : q.sort === 'date'
            ? [desc(forms.submittedAt), desc(patients.id)]
            : [
                desc(forms.submittedMonth),
                sql`${pendingRank} DESC`,
                sql`CASE WHEN ${pendingRank} > 0 THEN ${forms.submittedAt} END ASC`,
                desc(forms.submittedAt),
                desc(patients.id),
              ];
      const rows = await db
        .select({
          ...personColumns,
          submittedAt: sql<string>`${forms.submittedAt}`,
          priorityCount: number(sql`coalesce(${forms.priorityCount}, 0)`),
          priorityFlags: sql<string>`coalesce(${forms.priorityFlags}, '[]')`,
          triageRank: number(sql`coalesce(${forms.triageRank}, 0)`),
          bilanDoneAt: forms.bilanDoneAt,
        })
        .from(patients)
        .innerJoin(forms, eq(forms.patientId, patients.id))
        .where(where)
        .orderBy(...order)
        .limit(q.limit)
        .offset(q.offset);
      const total =
        (
          await first(
            db.select({ n: count() }).from(patients).innerJoin(forms, eq(forms.patientId, patients.id)).where(where),
          )
        )?.n ?? 0;
      return { rows, total };
    },

    /**
     * The header's figures of one pharmacy in one pass over its forms: received today and in the
     * month, « Urgent » and « À voir » forms of the month whose bilan is not done, bilans done in
     * the month (by the date they were done: the act billed). Forms not sent are not the pharmacy's
     * yet: neither listed nor counted (README, the pharmacist's dashboard).
     */
    async counts(pharmacyId: number, w: CountWindow) {
      const counted = async (where: SQL | undefined) =>
        (
          await first(
            db.select({ n: count() }).from(forms).innerJoin(patients, eq(forms.patientId, patients.id)).where(where),
          )
        )?.n ?? 0;
      /** How many rows meet a condition (a boolean is 0/1 in SQLite, not in PostgreSQL). */
      const countIf = (condition: SQL) => number(sql`coalesce(sum(CASE WHEN ${condition} THEN 1 ELSE 0 END), 0)`);
      // Each figure from its own index range of this pharmacy's forms (month, bilan date, status).
      const inMonth = and(ofPharmacy(pharmacyId), eq(forms.submittedMonth, w.month));
      const month = await first(
        db
          .select({
            month: count(),
            today: countIf(sql`${forms.submittedAt} >= ${w.dayStart} AND ${forms.submittedAt} < ${w.dayEnd}`),
            urgent: countIf(sql`${pendingRank} = 2`),
            review: countIf(sql`${pendingRank} = 1`),
          })
          .from(forms)
          .innerJoin(patients, eq(forms.patientId, patients.id))
          .where(inMonth),
      );
      const done = await counted(
        and(ofPharmacy(pharmacyId), gte(forms.bilanDoneAt, w.monthStart), lt(forms.bilanDoneAt, w.monthEnd)),
      );
      const urgent = month?.urgent ?? 0;
      const review = month?.review ?? 0;
      return {
        today: month?.today ?? 0,
        month: month?.month ?? 0,
        urgent,
        review,
        priority: urgent + review,
        done,
      };
    },

    /** How many forms the pharmacy has received and the newest submission: what the page polls for news. */
    async latest(pharmacyId: number): Promise<{ received: number; latestSubmittedAt: string | null }> {
      const row = await first(
        db
          // Counts only, no patient: read from the (pharmacy, month, date) index alone, every 20 s per open page.
          .select({ received: count(), latest: sql<string | null>`max(${forms.submittedAt})` })
          .from(forms)
          .where(and(eq(forms.pharmacyId, pharmacyId), isNotNull(forms.submittedMonth))),
      );
      return { received: row?.received ?? 0, latestSubmittedAt: row?.latest ?? null };
    },

    /** One submitted form of this pharmacy with its patient; undefined for another pharmacy's or an unsent one. */
    async formOf(pharmacyId: number, patientId: number) {
      return first(
        db
          .select({ patient: patients, form: forms })
          .from(patients)
          .innerJoin(forms, eq(forms.patientId, patients.id))
          .where(and(eq(patients.id, patientId), submittedOfPharmacy(pharmacyId))),
      );
    },

    /** A stored PDF of a submitted form of this pharmacy's patient; undefined for another pharmacy's. */
    async documentOf(pharmacyId: number, patientId: number, kind: DocumentRow['kind']): Promise<Buffer | undefined> {
      const row = await first(
        db
          .select({ content: documents.content, fileKey: documents.fileKey })
          .from(documents)
          .innerJoin(forms, eq(documents.formId, forms.id))
          .innerJoin(patients, eq(forms.patientId, patients.id))
          .where(
            and(
              eq(patients.id, patientId),
              eq(patients.pharmacyId, pharmacyId),
              eq(forms.status, 'submitted'),
              eq(documents.kind, kind),
            ),
          ),
      );
      return row ? pdfBytes(pdfs, row) : undefined;
    },

    /** How many submitted forms the pharmacy has: the export's row count. */
    async exportCount(pharmacyId: number): Promise<number> {
      return (
        (
          await first(
            db
              .select({ n: count() })
              .from(patients)
              .innerJoin(forms, eq(forms.patientId, patients.id))
              .where(submittedOfPharmacy(pharmacyId)),
          )
        )?.n ?? 0
      );
    },

    /**
     * The export's rows of one band, oldest first, `limit` at a time after the last row of the
     * previous batch (keyset): a pharmacy's 10,000 forms are never all in memory at once.
     */
    async exportBatch(
      pharmacyId: number,
      band: string,
      after: { submittedAt: string; patientId: number } | null,
      limit: number,
    ): Promise<ExportRow[]> {
      // Keyset on the form's own columns, so that forms_pharmacy_submitted_idx gives the rows in order.
      const from = after
        ? sql`(${forms.submittedAt}, ${forms.patientId}) > (${after.submittedAt}, ${after.patientId})`
        : undefined;
      return db
        .select({
          patientId: patients.id,
          civility: patients.civility,
          lastName: patients.lastName,
          firstName: patients.firstName,
          birthDate: patients.birthDate,
          email: patients.email,
          definitionId: forms.definitionId,
          definitionVersion: forms.definitionVersion,
          answers: forms.answers,
          submittedAt: sql<string>`${forms.submittedAt}`,
          submittedMonth: forms.submittedMonth,
          priorityFlags: forms.priorityFlags,
          triageRank: forms.triageRank,
          bilanDoneAt: forms.bilanDoneAt,
        })
        .from(patients)
        .innerJoin(forms, eq(forms.patientId, patients.id))
        .where(and(submittedOfPharmacy(pharmacyId), eq(patients.band, band), from))
        .orderBy(asc(forms.submittedAt), asc(forms.patientId))
        .limit(limit);
    },

    /** The pharmacy's address, phone and department (null clears them). */
    async setContact(
      pharmacyId: number,
      address: string | null,
      phone: string | null,
      department: string | null,
    ): Promise<void> {
      await db.update(accounts).set({ address, phone, department }).where(eq(accounts.id, pharmacyId));
    },

    /** D18: one read of health data by a staff member (who, what, when, from where). */
    async recordAudit(e: AuditEntry): Promise<void> {
      await db.insert(auditLog).values({
        actorAccountId: e.actorAccountId,
        action: e.action,
        patientId: e.patientId,
        detail: e.detail ? JSON.stringify(e.detail) : null,
        ip: e.ip,
        createdAt: e.at,
      });
    },
  };
}

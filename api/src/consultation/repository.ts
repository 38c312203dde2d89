import { and, asc, eq, sql } from 'drizzle-orm';
import { first, type Store } from '../db/store';
import type { AuditLogRow } from '../db/schema';

/** A plan as stored: its revision, content (JSON) and when it was last saved. */
export interface StoredPlan {
  id: number;
  revision: number;
  content: string;
  updatedAt: string;
}

/** One read or change of a patient's plan by a staff member (D18). */
export interface AuditEntry {
  actorAccountId: number;
  action: AuditLogRow['action'];
  patientId: number;
  detail: Record<string, unknown> | null;
  ip: string;
  at: string;
}

const auditValues = (e: AuditEntry) => ({
  actorAccountId: e.actorAccountId,
  action: e.action,
  patientId: e.patientId,
  detail: e.detail ? JSON.stringify(e.detail) : null,
  ip: e.ip,
  createdAt: e.at,
});

/** The plans of the consultation (D33): one pharmacy's submitted forms, their plan and its finalized versions. */
export function consultationRepository(store: Store) {
  const {
    db,
    tables: { auditLog, forms, patients, plans, planVersions },
  } = store;

  /** A submitted form of this pharmacy, as the plan's conditions need it (never another pharmacy's). */
  const submittedOf = (pharmacyId: number, patientId: number) =>
    and(
      eq(patients.id, patientId),
      eq(patients.pharmacyId, pharmacyId),
      eq(forms.pharmacyId, pharmacyId),
      eq(forms.status, 'submitted'),
    );

  return {
    /** The submitted form of this pharmacy's patient, with its patient; undefined for another pharmacy's or an unsent one. */
    async formOf(pharmacyId: number, patientId: number) {
      return first(
        db
          .select({ patient: patients, form: forms })
          .from(patients)
          .innerJoin(forms, eq(forms.patientId, patients.id))
          .where(submittedOf(pharmacyId, patientId)),
      );
    },

    /** The form's plan, if one was saved. */
    async planOf(formId: number): Promise<StoredPlan | undefined> {
      return first(
        db
          .select({ id: plans.id, revision: plans.revision, content: plans.content, updatedAt: plans.updatedAt })
          .from(plans)
          .where(eq(plans.formId, formId)),
      );
    },

    /** The finalized versions of a plan, oldest first. */
    async versionsOf(planId: number) {
      return db
        .select({
          version: planVersions.version,
          content: planVersions.content,
          finalizedAt: planVersions.finalizedAt,
        })
        .from(planVersions)
        .where(eq(planVersions.planId, planId))
        .orderBy(asc(planVersions.version));
    },

    /**
     * Stores a plan's content if its revision is still `revision` (0: no plan yet), in one
     * conditional statement, so that of two tablets saving the same revision exactly one wins;
     * its audit entry is written in the same transaction (one commit a save). Returns the new
     * revision, or null when another save came first (nothing written then).
     */
    async save(
      s: { formId: number; pharmacyId: number; revision: number; content: string; at: string },
      audit: (revision: number) => AuditEntry,
    ): Promise<number | null> {
      return store.transaction(async (tx) => {
        const saved =
          s.revision === 0
            ? await tx
                .insert(plans)
                .values({
                  formId: s.formId,
                  pharmacyId: s.pharmacyId,
                  revision: 1,
                  content: s.content,
                  createdAt: s.at,
                  updatedAt: s.at,
                })
                .onConflictDoNothing()
                .returning({ revision: plans.revision })
            : await tx
                .update(plans)
                .set({ content: s.content, revision: sql`${plans.revision} + 1`, updatedAt: s.at })
                .where(and(eq(plans.formId, s.formId), eq(plans.revision, s.revision)))
                .returning({ revision: plans.revision });
        const revision = saved[0]?.revision ?? null;
        if (revision !== null) await tx.insert(auditLog).values(auditValues(audit(revision)));
        return revision;
      });
    },

    /**
     * Freezes the plan at `revision` as its next version, in one transaction: null when the plan
     * moved on since (the caller reads it again), else the version number.
     */
    async finalize(s: { formId: number; revision: number; by: number; at: string }): Promise<number | null> {
      return store.transaction(async (tx) => {
        const plan = await first(
          tx
            .select({ id: plans.id, content: plans.content })
            .from(plans)
            .where(and(eq(plans.formId, s.formId), eq(plans.revision, s.revision))),
        );
        if (!plan) return null;
        const last = await first(
          tx
            .select({ n: sql<number>`coalesce(max(${planVersions.version}), 0)`.mapWith(Number) })
            .from(planVersions)
            .where(eq(planVersions.planId, plan.id)),
        );
        const version = (last?.n ?? 0) + 1;
        await tx.insert(planVersions).values({
          planId: plan.id,
          version,
          content: plan.content,
          finalizedBy: s.by,
          finalizedAt: s.at,
        });
        return version;
      });
    },

    /** D18: who read or changed which patient's plan, when, from where. */
    async recordAudit(e: AuditEntry) {
      await db.insert(auditLog).values(auditValues(e));
    },
  };
}

import { and, count, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import { first, type Store } from '../db/store';
import type { InvitationRow } from '../db/schema';

/** What the admin reads and writes: submissions per pharmacy, the pharmacies, the invitations. */
export function adminRepository({ db, tables: { accounts, forms, invitations, patients } }: Store) {
  return {
    /**
     * Forms submitted per pharmacy and Paris month from `firstMonth` on: one aggregate over the
     * (submitted_month, patient_id) index, the month stored at submission (pharmacy/triage.ts).
     */
    async monthlyCounts(firstMonth: string): Promise<{ pharmacyId: number; month: string; total: number }[]> {
      return db
        .select({ pharmacyId: patients.pharmacyId, month: sql<string>`${forms.submittedMonth}`, total: count() })
        .from(forms)
        .innerJoin(patients, eq(forms.patientId, patients.id))
        .where(gte(forms.submittedMonth, firstMonth))
        .groupBy(patients.pharmacyId, forms.submittedMonth);
    },
    /** Every pharmacy account, by name. */
    async pharmacies() {
      return db.select().from(accounts).where(eq(accounts.role, 'pharmacy')).orderBy(accounts.name);
    },
    /** The latest invitations, newest first. */
    async invitations(limit: number): Promise<InvitationRow[]> {
      return db.select().from(invitations).orderBy(desc(invitations.id)).limit(limit);
    },
    async invitationById(id: number): Promise<InvitationRow | undefined> {
      return first(db.select().from(invitations).where(eq(invitations.id, id)));
    },
    /** A new token and expiry for an invitation not used yet; undefined when it was used meanwhile. */
    async renewInvitation(id: number, tokenHash: string, expiresAt: string): Promise<InvitationRow | undefined> {
      return first(
        db
          .update(invitations)
          .set({ tokenHash, expiresAt })
          .where(and(eq(invitations.id, id), isNull(invitations.usedAt)))
          .returning(),
      );
    },
    async createInvitation(row: typeof invitations.$inferInsert): Promise<InvitationRow> {
      return (await db.insert(invitations).values(row).returning())[0] as InvitationRow;
    },
  };
}

import { and, count, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import { first, type Store } from '../db/store';
import type { InvitationRow } from '../db/schema';

/** What the admin reads and writes: submissions per pharmacy, the pharmacies, the invitations. */
export function adminRepository({ db, tables: { accounts, capAlerts, forms, invitations, patients } }: Store) {
  return {
    /**
     * One more registration refused by a cap in this hour at this pharmacy: how many so far (1 for
     * the first, which tells the admins). One statement: servers racing count in the same row.
     */
    async countCapRefusal(kind: 'new_forms', pharmacyId: number, hour: string, at: string): Promise<number> {
      const [row] = await db
        .insert(capAlerts)
        .values({ kind, pharmacyId, hour, refused: 1, createdAt: at, lastAt: at })
        .onConflictDoUpdate({
          target: [capAlerts.kind, capAlerts.pharmacyId, capAlerts.hour],
          set: { refused: sql`${capAlerts.refused} + 1`, lastAt: at },
        })
        .returning({ refused: capAlerts.refused });
      return Number(row?.refused ?? 1);
    },
    /** The caps reached since `since`, newest first, with their pharmacy. */
    async capAlerts(since: string) {
      return db
        .select({
          kind: capAlerts.kind,
          clientName: accounts.name,
          nom: accounts.displayName,
          hour: capAlerts.hour,
          refused: capAlerts.refused,
          lastAt: capAlerts.lastAt,
        })
        .from(capAlerts)
        .innerJoin(accounts, eq(capAlerts.pharmacyId, accounts.id))
        .where(gte(capAlerts.hour, since))
        .orderBy(desc(capAlerts.hour), accounts.name);
    },
    /** The addresses of the admins who can be told something (not disabled). */
    async adminEmails(): Promise<string[]> {
      const rows = await db
        .select({ email: accounts.email })
        .from(accounts)
        .where(and(eq(accounts.role, 'admin'), isNull(accounts.disabledAt)));
      return rows.map((r) => r.email);
    },
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

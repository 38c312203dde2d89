import { and, desc, eq, gte, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accounts, forms, invitations, patients, type InvitationRow } from '../db/schema';

/** What the admin reads and writes: submissions per pharmacy, the pharmacies, the invitations. */
export function adminRepository(db: Db) {
  return {
    /** Pharmacy and submission instant of every form submitted since the given instant (status index). */
    async submittedSince(since: string): Promise<{ pharmacyId: number; submittedAt: string | null }[]> {
      return db
        .select({ pharmacyId: patients.pharmacyId, submittedAt: forms.submittedAt })
        .from(forms)
        .innerJoin(patients, eq(forms.patientId, patients.id))
        .where(and(eq(forms.status, 'submitted'), isNotNull(forms.submittedAt), gte(forms.submittedAt, since)))
        .all();
    },
    /** Every pharmacy account, by name. */
    async pharmacies() {
      return db.select().from(accounts).where(eq(accounts.role, 'pharmacy')).orderBy(accounts.name).all();
    },
    /** The latest invitations, newest first. */
    async invitations(limit: number): Promise<InvitationRow[]> {
      return db.select().from(invitations).orderBy(desc(invitations.id)).limit(limit).all();
    },
    async invitationById(id: number): Promise<InvitationRow | undefined> {
      return db.select().from(invitations).where(eq(invitations.id, id)).get();
    },
    /** A new token and expiry for an invitation not used yet; undefined when it was used meanwhile. */
    async renewInvitation(id: number, tokenHash: string, expiresAt: string): Promise<InvitationRow | undefined> {
      return db.update(invitations).set({ tokenHash, expiresAt }).where(and(eq(invitations.id, id), isNull(invitations.usedAt))).returning().get();
    },
    async createInvitation(row: typeof invitations.$inferInsert): Promise<InvitationRow> {
      return db.insert(invitations).values(row).returning().get();
    },
  };
}

export type AdminRepository = ReturnType<typeof adminRepository>;

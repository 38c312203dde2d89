import { and, eq, gt, isNull, lt, lte, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  accounts,
  accountTokens,
  invitations,
  loginCodes,
  staffSessions,
  trustedDevices,
  type AccountRow,
  type InvitationRow,
  type NewAccountRow,
} from '../db/schema';

type NewLoginCode = typeof loginCodes.$inferInsert;
type NewSession = typeof staffSessions.$inferInsert;
type NewAccountToken = typeof accountTokens.$inferInsert;

export interface PharmacyRegistration {
  pharmacy: Pick<NewAccountRow, 'name' | 'displayName' | 'email' | 'passwordHash'>;
  invitationId: number;
  /** The e-mail verification token (its hash) created with the account. */
  verification: { tokenHash: string; expiresAt: string };
  now: string;
}

/** The token of a purpose that exists, is unused and has not expired, or undefined. */
function liveToken(db: Pick<Db, 'select'>, tokenHash: string, purpose: NewAccountToken['purpose'], now: string) {
  const row = db
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, tokenHash), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)))
    .get();
  return row && row.expiresAt > now ? row : undefined;
}

/** Accounts (admins and pharmacies), their second factor, sessions, invitations and e-mailed tokens. */
export function accountsRepository(db: Db) {
  return {
    async findById(id: number): Promise<AccountRow | undefined> {
      return db.select().from(accounts).where(eq(accounts.id, id)).get();
    },
    async findByEmail(email: string): Promise<AccountRow | undefined> {
      return db.select().from(accounts).where(eq(accounts.email, email)).get();
    },
    async findByName(name: string): Promise<AccountRow | undefined> {
      return db.select().from(accounts).where(eq(accounts.name, name)).get();
    },
    async insert(row: NewAccountRow): Promise<AccountRow> {
      return db.insert(accounts).values(row).returning().get();
    },
    async hasAdmin(): Promise<boolean> {
      return db.select({ id: accounts.id }).from(accounts).where(eq(accounts.role, 'admin')).limit(1).get() !== undefined;
    },

    async createLoginCode(row: NewLoginCode): Promise<void> {
      db.insert(loginCodes).values(row).run();
    },
    async findLoginCode(challengeId: string, accountId: number) {
      return db
        .select()
        .from(loginCodes)
        .where(and(eq(loginCodes.challengeId, challengeId), eq(loginCodes.accountId, accountId)))
        .get();
    },
    /** Counts one try before the comparison, in one statement, so parallel guesses cannot exceed `max`. */
    async countCodeAttempt(id: number, max: number): Promise<boolean> {
      return (
        db
          .update(loginCodes)
          .set({ attempts: sql`${loginCodes.attempts} + 1` })
          .where(and(eq(loginCodes.id, id), lt(loginCodes.attempts, max), isNull(loginCodes.usedAt)))
          .run().changes === 1
      );
    },
    /**
     * Replaces a code not spent yet by a new one, only if the current one was sent before
     * `sentBefore`: two racing resends send one code. Its tries and its expiry stay as they were.
     */
    async replaceLoginCode(id: number, codeHash: string, at: string, sentBefore: string): Promise<boolean> {
      return (
        db
          .update(loginCodes)
          .set({ codeHash, createdAt: at })
          .where(and(eq(loginCodes.id, id), isNull(loginCodes.usedAt), lte(loginCodes.createdAt, sentBefore)))
          .run().changes === 1
      );
    },
    /** Spends a code; false when another request spent it first. */
    async useLoginCode(id: number, at: string): Promise<boolean> {
      return db.update(loginCodes).set({ usedAt: at }).where(and(eq(loginCodes.id, id), isNull(loginCodes.usedAt))).run().changes === 1;
    },

    async createSession(row: NewSession): Promise<void> {
      db.insert(staffSessions).values(row).run();
    },
    /** A session neither revoked nor expired. */
    async isSessionLive(jti: string, accountId: number, now: string): Promise<boolean> {
      const row = db
        .select({ jti: staffSessions.jti })
        .from(staffSessions)
        .where(and(eq(staffSessions.jti, jti), eq(staffSessions.accountId, accountId), isNull(staffSessions.revokedAt), gt(staffSessions.expiresAt, now)))
        .get();
      return row !== undefined;
    },
    async revokeSession(jti: string, at: string): Promise<void> {
      db.update(staffSessions).set({ revokedAt: at }).where(eq(staffSessions.jti, jti)).run();
    },

    async findInvitation(tokenHash: string): Promise<InvitationRow | undefined> {
      return db.select().from(invitations).where(eq(invitations.tokenHash, tokenHash)).get();
    },
    /**
     * Opens a pharmacy account: the invitation is spent in the same transaction that creates the
     * account and its verification token, so two sign-ups racing on one link cannot both succeed.
     * Null when the invitation was spent in between.
     */
    async registerPharmacy(r: PharmacyRegistration): Promise<AccountRow | null> {
      return db.transaction((tx) => {
        const spent = tx.update(invitations).set({ usedAt: r.now }).where(and(eq(invitations.id, r.invitationId), isNull(invitations.usedAt))).run().changes;
        if (spent === 0) return null;
        const account = tx
          .insert(accounts)
          .values({ ...r.pharmacy, role: 'pharmacy', twoFactorEnabled: true, createdAt: r.now })
          .returning()
          .get();
        tx.update(invitations).set({ usedByAccountId: account.id }).where(eq(invitations.id, r.invitationId)).run();
        tx.insert(accountTokens)
          .values({ accountId: account.id, purpose: 'verify_email', tokenHash: r.verification.tokenHash, expiresAt: r.verification.expiresAt, createdAt: r.now })
          .run();
        return account;
      });
    },

    async createAccountToken(row: NewAccountToken): Promise<void> {
      db.insert(accountTokens).values(row).run();
    },
    /** Spends a verification token and marks the address verified; false when the token is not live. */
    async verifyEmail(tokenHash: string, at: string): Promise<boolean> {
      return db.transaction((tx) => {
        const row = liveToken(tx, tokenHash, 'verify_email', at);
        if (!row) return false;
        tx.update(accountTokens).set({ usedAt: at }).where(eq(accountTokens.id, row.id)).run();
        tx.update(accounts).set({ emailVerifiedAt: at }).where(and(eq(accounts.id, row.accountId), isNull(accounts.emailVerifiedAt))).run();
        return true;
      });
    },
    /**
     * Spends a reset token and sets the new password. A reset ends every session of the account:
     * old tokens carry the old version, and the session rows are revoked. False when not live.
     */
    /**
     * A live reset link: the new password, every session ended, every trusted device forgotten but
     * the ones the resetting browser holds (a device an intruder logged in from keeps no allowance).
     */
    async resetPassword(tokenHash: string, passwordHash: string, at: string, keepDeviceHashes: string[] = []): Promise<boolean> {
      return db.transaction((tx) => {
        const row = liveToken(tx, tokenHash, 'reset_password', at);
        if (!row) return false;
        tx.update(accountTokens).set({ usedAt: at }).where(eq(accountTokens.id, row.id)).run();
        tx.update(accounts)
          .set({ passwordHash, tokenVersion: sql`${accounts.tokenVersion} + 1`, emailVerifiedAt: sql`coalesce(${accounts.emailVerifiedAt}, ${at})` })
          .where(eq(accounts.id, row.accountId))
          .run();
        tx.update(staffSessions).set({ revokedAt: at }).where(and(eq(staffSessions.accountId, row.accountId), isNull(staffSessions.revokedAt))).run();
        const ofAccount = eq(trustedDevices.accountId, row.accountId);
        tx.delete(trustedDevices)
          .where(keepDeviceHashes.length === 0 ? ofAccount : and(ofAccount, notInArray(trustedDevices.tokenHash, keepDeviceHashes)))
          .run();
        return true;
      });
    },
  };
}

export type AccountsRepository = ReturnType<typeof accountsRepository>;

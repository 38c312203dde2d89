import { and, eq, gt, isNull, lt, lte, notInArray, sql } from 'drizzle-orm';
import { changedOne, first, type Store, type StoreDb, type Tables } from '../db/store';
import type { accountTokens, loginCodes, AccountRow, InvitationRow, NewAccountRow } from '../db/schema';
import { sessionsRepository } from './sessionsRepository';

type NewLoginCode = typeof loginCodes.$inferInsert;
type NewAccountToken = typeof accountTokens.$inferInsert;

export interface PharmacyRegistration {
  pharmacy: Pick<NewAccountRow, 'name' | 'displayName' | 'email' | 'passwordHash'>;
  invitationId: number;
  /** The e-mail verification token (its hash) created with the account. */
  verification: { tokenHash: string; expiresAt: string };
  now: string;
}

/**
 * Spends the token of a purpose that exists, is unused and has not expired: its row, or undefined.
 * One conditional update, so that of two requests racing with one link (on any server) one wins.
 */
async function spendToken(
  tx: StoreDb,
  { accountTokens }: Tables,
  tokenHash: string,
  purpose: NewAccountToken['purpose'],
  now: string,
) {
  return first(
    tx
      .update(accountTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(accountTokens.tokenHash, tokenHash),
          eq(accountTokens.purpose, purpose),
          isNull(accountTokens.usedAt),
          gt(accountTokens.expiresAt, now),
        ),
      )
      .returning(),
  );
}

/** Accounts (admins and pharmacies), their second factor, sessions, invitations and e-mailed tokens. */
export function accountsRepository(store: Store) {
  const { db, tables } = store;
  const { accounts, accountTokens, invitations, loginCodes, staffSessions, trustedDevices } = tables;
  return {
    ...sessionsRepository(store),
    async findById(id: number): Promise<AccountRow | undefined> {
      return first(db.select().from(accounts).where(eq(accounts.id, id)));
    },
    async findByEmail(email: string): Promise<AccountRow | undefined> {
      return first(db.select().from(accounts).where(eq(accounts.email, email)));
    },
    async findByName(name: string): Promise<AccountRow | undefined> {
      return first(db.select().from(accounts).where(eq(accounts.name, name)));
    },
    async insert(row: NewAccountRow): Promise<AccountRow> {
      return (await db.insert(accounts).values(row).returning())[0] as AccountRow;
    },
    /** Inserts the account unless one has its name or e-mail already (two servers seeding at once): the row, or undefined. */
    async insertIfAbsent(row: NewAccountRow): Promise<AccountRow | undefined> {
      return first(db.insert(accounts).values(row).onConflictDoNothing().returning());
    },
    async hasAdmin(): Promise<boolean> {
      return (
        (await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.role, 'admin')).limit(1)).length > 0
      );
    },

    async createLoginCode(row: NewLoginCode): Promise<void> {
      await db.insert(loginCodes).values(row);
    },
    async findLoginCode(challengeId: string, accountId: number) {
      return first(
        db
          .select()
          .from(loginCodes)
          .where(and(eq(loginCodes.challengeId, challengeId), eq(loginCodes.accountId, accountId))),
      );
    },
    /** Counts one try before the comparison, in one statement, so parallel guesses cannot exceed `max`. */
    async countCodeAttempt(id: number, max: number): Promise<boolean> {
      return changedOne(
        db
          .update(loginCodes)
          .set({ attempts: sql`${loginCodes.attempts} + 1` })
          .where(and(eq(loginCodes.id, id), lt(loginCodes.attempts, max), isNull(loginCodes.usedAt)))
          .returning({ id: loginCodes.id }),
      );
    },
    /**
     * Replaces a code not spent yet by a new one, only if the current one was sent before
     * `sentBefore`: two racing resends send one code. Its tries and its expiry stay as they were.
     */
    async replaceLoginCode(id: number, codeHash: string, at: string, sentBefore: string): Promise<boolean> {
      return changedOne(
        db
          .update(loginCodes)
          .set({ codeHash, createdAt: at })
          .where(and(eq(loginCodes.id, id), isNull(loginCodes.usedAt), lte(loginCodes.createdAt, sentBefore)))
          .returning({ id: loginCodes.id }),
      );
    },
    /** Spends a code; false when another request spent it first. */
    async useLoginCode(id: number, at: string): Promise<boolean> {
      return changedOne(
        db
          .update(loginCodes)
          .set({ usedAt: at })
          .where(and(eq(loginCodes.id, id), isNull(loginCodes.usedAt)))
          .returning({ id: loginCodes.id }),
      );
    },

    async findInvitation(tokenHash: string): Promise<InvitationRow | undefined> {
      return first(db.select().from(invitations).where(eq(invitations.tokenHash, tokenHash)));
    },
    /**
     * Opens a pharmacy account: the invitation is spent in the same transaction that creates the
     * account and its verification token, so two sign-ups racing on one link cannot both succeed.
     * Null when the invitation was spent in between.
     */
    async registerPharmacy(r: PharmacyRegistration): Promise<AccountRow | null> {
      return store.transaction(async (tx) => {
        const spent = await tx
          .update(invitations)
          .set({ usedAt: r.now })
          .where(and(eq(invitations.id, r.invitationId), isNull(invitations.usedAt)))
          .returning({ id: invitations.id });
        if (spent.length === 0) return null;
        const [account] = await tx
          .insert(accounts)
          .values({ ...r.pharmacy, role: 'pharmacy', twoFactorEnabled: true, createdAt: r.now })
          .returning();
        if (!account) throw new Error('registerPharmacy: the account row was not returned');
        await tx.update(invitations).set({ usedByAccountId: account.id }).where(eq(invitations.id, r.invitationId));
        await tx.insert(accountTokens).values({
          accountId: account.id,
          purpose: 'verify_email',
          tokenHash: r.verification.tokenHash,
          expiresAt: r.verification.expiresAt,
          createdAt: r.now,
        });
        return account;
      });
    },

    async createAccountToken(row: NewAccountToken): Promise<void> {
      await db.insert(accountTokens).values(row);
    },
    /** Spends a verification token and marks the address verified; false when the token is not live. */
    async verifyEmail(tokenHash: string, at: string): Promise<boolean> {
      return store.transaction(async (tx) => {
        const row = await spendToken(tx, tables, tokenHash, 'verify_email', at);
        if (!row) return false;
        await tx
          .update(accounts)
          .set({ emailVerifiedAt: at })
          .where(and(eq(accounts.id, row.accountId), isNull(accounts.emailVerifiedAt)));
        return true;
      });
    },
    /** Whether a link is live (unused, not expired), without spending it. */
    async isAccountTokenLive(tokenHash: string, purpose: NewAccountToken['purpose'], now: string): Promise<boolean> {
      const { accountTokens } = tables;
      const row = await first(
        db
          .select({ id: accountTokens.id })
          .from(accountTokens)
          .where(
            and(
              eq(accountTokens.tokenHash, tokenHash),
              eq(accountTokens.purpose, purpose),
              isNull(accountTokens.usedAt),
              gt(accountTokens.expiresAt, now),
            ),
          ),
      );
      return row !== undefined;
    },
    /**
     * Spends a reset token, every other outstanding link and every pending login code of the
     * account, and sets the new password. A reset ends every session of the account
     * (old tokens carry the old version, and the session rows are revoked) and forgets every
     * trusted device but the ones the resetting browser holds (a device an intruder logged in from
     * keeps no allowance). False when the link is not live.
     */
    async resetPassword(
      tokenHash: string,
      passwordHash: string,
      at: string,
      keepDeviceHashes: string[] = [],
    ): Promise<boolean> {
      return store.transaction(async (tx) => {
        const row = await spendToken(tx, tables, tokenHash, 'reset_password', at);
        if (!row) return false;
        // Every other link still outstanding for the account is spent with it: an older reset
        // link (in a mailbox someone else reads) must not set the password again after this one.
        await tx
          .update(accountTokens)
          .set({ usedAt: at })
          .where(and(eq(accountTokens.accountId, row.accountId), isNull(accountTokens.usedAt)));
        // A login code waiting to be typed (someone who knew the old password) is void too, and
        // with it the second-factor token of that login step, which only works with its code.
        await tx
          .update(loginCodes)
          .set({ usedAt: at })
          .where(and(eq(loginCodes.accountId, row.accountId), isNull(loginCodes.usedAt)));
        await tx
          .update(accounts)
          .set({
            passwordHash,
            tokenVersion: sql`${accounts.tokenVersion} + 1`,
            emailVerifiedAt: sql`coalesce(${accounts.emailVerifiedAt}, ${at})`,
          })
          .where(eq(accounts.id, row.accountId));
        await tx
          .update(staffSessions)
          .set({ revokedAt: at })
          .where(and(eq(staffSessions.accountId, row.accountId), isNull(staffSessions.revokedAt)));
        const ofAccount = eq(trustedDevices.accountId, row.accountId);
        await tx
          .delete(trustedDevices)
          .where(
            keepDeviceHashes.length === 0
              ? ofAccount
              : and(ofAccount, notInArray(trustedDevices.tokenHash, keepDeviceHashes)),
          );
        return true;
      });
    },
  };
}

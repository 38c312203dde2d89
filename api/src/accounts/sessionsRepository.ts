import { and, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { changedOne, first, type Store } from '../db/store';
import type { staffSessions } from '../db/schema';

type NewSession = typeof staffSessions.$inferInsert;

/** A live session's lock (patient mode, D40): null while the session is open. */
export interface SessionLock {
  codeHash: string | null;
  codeTries: number;
}

/** The staff sessions by jti: created at login, checked by the staff guards, locked, unlocked and revoked one by one. */
export function sessionsRepository({ db, tables }: Store) {
  const { staffSessions } = tables;
  const byJti = (jti: string) => eq(staffSessions.jti, jti);
  return {
    async createSession(row: NewSession): Promise<void> {
      await db.insert(staffSessions).values(row);
    },
    /** A session neither revoked nor expired, with its lock (null when open); undefined when not live. */
    async liveSession(jti: string, accountId: number, now: string): Promise<{ lock: SessionLock | null } | undefined> {
      const row = await first(
        db
          .select({
            lockedAt: staffSessions.lockedAt,
            codeHash: staffSessions.unlockCodeHash,
            codeTries: staffSessions.unlockCodeTries,
          })
          .from(staffSessions)
          .where(
            and(
              byJti(jti),
              eq(staffSessions.accountId, accountId),
              isNull(staffSessions.revokedAt),
              gt(staffSessions.expiresAt, now),
            ),
          ),
      );
      if (!row) return undefined;
      return { lock: row.lockedAt === null ? null : { codeHash: row.codeHash, codeTries: row.codeTries } };
    },
    async revokeSession(jti: string, at: string): Promise<void> {
      await db.update(staffSessions).set({ revokedAt: at }).where(byJti(jti));
    },
    /** Locks an open session, with the hash of its short code or none; false when it was locked already. */
    async lockSession(jti: string, codeHash: string | null, at: string): Promise<boolean> {
      return changedOne(
        db
          .update(staffSessions)
          .set({ lockedAt: at, unlockCodeHash: codeHash, unlockCodeTries: 0 })
          .where(and(byJti(jti), isNull(staffSessions.lockedAt)))
          .returning({ jti: staffSessions.jti }),
      );
    },
    /**
     * Counts one try of the short code before it is compared, in one statement, so that parallel
     * guesses cannot exceed `max`: false when the code is spent (or the session not locked).
     */
    async countCodeTry(jti: string, max: number): Promise<boolean> {
      return changedOne(
        db
          .update(staffSessions)
          .set({ unlockCodeTries: sql`${staffSessions.unlockCodeTries} + 1` })
          .where(
            and(
              byJti(jti),
              isNotNull(staffSessions.lockedAt),
              isNotNull(staffSessions.unlockCodeHash),
              lt(staffSessions.unlockCodeTries, max),
            ),
          )
          .returning({ jti: staffSessions.jti }),
      );
    },
    /** Opens a locked session again and forgets its code. */
    async unlockSession(jti: string): Promise<void> {
      await db
        .update(staffSessions)
        .set({ lockedAt: null, unlockCodeHash: null, unlockCodeTries: 0 })
        .where(byJti(jti));
    },
  };
}

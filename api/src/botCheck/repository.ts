import { and, eq, isNull, lt, gt } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { botCheckSolutions } from '../db/schema';

/** A ticket that exists, is unused and has not expired. */
function liveTicket(key: string, now: string) {
  return and(eq(botCheckSolutions.key, key), eq(botCheckSolutions.kind, 'ticket'), isNull(botCheckSolutions.usedAt), gt(botCheckSolutions.expiresAt, now));
}

/**
 * Spends a ticket inside the caller's transaction (registration: the patient is inserted in the
 * same one); false when it is unknown, used or expired.
 */
export function consumeTicket(tx: Tx, key: string, now: string): boolean {
  return tx.update(botCheckSolutions).set({ usedAt: now }).where(liveTicket(key, now)).run().changes === 1;
}

/** Single-use records of the bot check: solved challenges and the tickets they earned. */
export function botCheckRepository(db: Db) {
  return {
    /** Records a solution; false when it was already used (a replay). Atomic by primary key. */
    async recordSolution(key: string, provider: string, expiresAt: string, now: string): Promise<boolean> {
      const r = db
        .insert(botCheckSolutions)
        .values({ key, kind: 'solution', provider, expiresAt, createdAt: now })
        .onConflictDoNothing()
        .run();
      return r.changes === 1;
    },
    async issueTicket(key: string, provider: string, expiresAt: string, now: string): Promise<void> {
      db.insert(botCheckSolutions).values({ key, kind: 'ticket', provider, expiresAt, createdAt: now }).run();
    },
    /** A ticket that exists, is unused and has not expired (read only: registration consumes it). */
    async isTicketValid(key: string, now: string): Promise<boolean> {
      return db.select().from(botCheckSolutions).where(liveTicket(key, now)).get() !== undefined;
    },
    /** Removes expired records; a replayed solution is refused by its expired challenge anyway. */
    async purgeExpired(now: string): Promise<number> {
      return db.delete(botCheckSolutions).where(lt(botCheckSolutions.expiresAt, now)).run().changes;
    },
  };
}

export type BotCheckRepository = ReturnType<typeof botCheckRepository>;

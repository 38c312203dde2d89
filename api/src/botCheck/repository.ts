import { and, eq, isNull, lt, gt } from 'drizzle-orm';
import { changedOne, type Store, type StoreDb, type Tables } from '../db/store';

/** A ticket that exists, is unused and has not expired. */
function liveTicket({ botCheckSolutions }: Tables, key: string, now: string) {
  return and(
    eq(botCheckSolutions.key, key),
    eq(botCheckSolutions.kind, 'ticket'),
    isNull(botCheckSolutions.usedAt),
    gt(botCheckSolutions.expiresAt, now),
  );
}

/**
 * Spends a ticket inside the caller's transaction (registration: the patient is inserted in the
 * same one); false when it is unknown, used or expired. One conditional update: of two
 * transactions racing for the same ticket, on either database, one changes the row.
 */
export async function consumeTicket(tx: StoreDb, tables: Tables, key: string, now: string): Promise<boolean> {
  return changedOne(
    tx
      .update(tables.botCheckSolutions)
      .set({ usedAt: now })
      .where(liveTicket(tables, key, now))
      .returning({ key: tables.botCheckSolutions.key }),
  );
}

/** Single-use records of the bot check: solved challenges and the tickets they earned. */
export function botCheckRepository({ db, tables }: Store) {
  const { botCheckSolutions } = tables;
  return {
    /** Records a solution; false when it was already used (a replay). Atomic by primary key. */
    async recordSolution(key: string, provider: string, expiresAt: string, now: string): Promise<boolean> {
      return changedOne(
        db
          .insert(botCheckSolutions)
          .values({ key, kind: 'solution', provider, expiresAt, createdAt: now })
          .onConflictDoNothing()
          .returning({ key: botCheckSolutions.key }),
      );
    },
    async issueTicket(key: string, provider: string, expiresAt: string, now: string): Promise<void> {
      await db.insert(botCheckSolutions).values({ key, kind: 'ticket', provider, expiresAt, createdAt: now });
    },
    /** A ticket that exists, is unused and has not expired (read only: registration consumes it). */
    async isTicketValid(key: string, now: string): Promise<boolean> {
      return (
        (
          await db
            .select({ key: botCheckSolutions.key })
            .from(botCheckSolutions)
            .where(liveTicket(tables, key, now))
        ).length > 0
      );
    },
    /** Removes expired records; a replayed solution is refused by its expired challenge anyway. */
    async purgeExpired(now: string): Promise<number> {
      return (
        await db
          .delete(botCheckSolutions)
          .where(lt(botCheckSolutions.expiresAt, now))
          .returning({ key: botCheckSolutions.key })
      ).length;
    },
  };
}

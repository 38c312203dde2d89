import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { first, type Store } from '../db/store';

export interface NewTrustedDevice {
  accountId: number;
  tokenHash: string;
  now: string;
  expiresAt: string;
}

/**
 * The login limiter's state, in the database so that a restart changes nothing: failure counters
 * with the time until which each key is held, and the devices trusted per account.
 */
export function loginLimitsRepository(store: Store) {
  const {
    db,
    tables: { loginFailures, trustedDevices },
  } = store;
  return {
    /** The latest time until which one of the keys is held, if any is held after `now`. */
    async heldUntil(keys: string[], now: string, forgetBefore: string): Promise<string | null> {
      const row = await first(
        db
          .select({ until: sql<string | null>`max(${loginFailures.blockedUntil})` })
          .from(loginFailures)
          .where(
            and(
              inArray(loginFailures.key, keys),
              gt(loginFailures.blockedUntil, now),
              gt(loginFailures.lastFailureAt, forgetBefore),
            ),
          ),
      );
      return row?.until ?? null;
    },

    /**
     * Counts one failure on each key, in one transaction; a key whose last failure is older than
     * `forgetBefore` starts again from one. `holdMs` says how long a key is held after n failures.
     * Failures on one key take turns (keys locked in one order), so two servers count both.
     */
    async recordFailure(
      keys: string[],
      now: Date,
      forgetBefore: string,
      holdMs: (key: string, failures: number) => number,
    ): Promise<void> {
      const at = now.toISOString();
      await store.transaction(async (tx) => {
        for (const key of [...keys].sort()) {
          await store.lockKey(tx, `login-failure:${key}`);
          const row = await first(tx.select().from(loginFailures).where(eq(loginFailures.key, key)));
          const failures = row && row.lastFailureAt > forgetBefore ? row.failures + 1 : 1;
          const blockedUntil = new Date(now.getTime() + holdMs(key, failures)).toISOString();
          await tx
            .insert(loginFailures)
            .values({ key, failures, lastFailureAt: at, blockedUntil })
            .onConflictDoUpdate({ target: loginFailures.key, set: { failures, lastFailureAt: at, blockedUntil } });
        }
      });
    },

    async clear(keys: string[]): Promise<void> {
      await db.delete(loginFailures).where(inArray(loginFailures.key, keys));
    },

    /** The trusted device of an account among the given token hashes, if one is still trusted. */
    async findTrustedDevice(
      accountId: number,
      tokenHashes: string[],
      now: string,
    ): Promise<{ id: number; tokenHash: string } | undefined> {
      if (tokenHashes.length === 0) return undefined;
      return first(
        db
          .select({ id: trustedDevices.id, tokenHash: trustedDevices.tokenHash })
          .from(trustedDevices)
          .where(
            and(
              eq(trustedDevices.accountId, accountId),
              inArray(trustedDevices.tokenHash, tokenHashes),
              gt(trustedDevices.expiresAt, now),
            ),
          ),
      );
    },

    async addTrustedDevice(d: NewTrustedDevice): Promise<void> {
      await db.insert(trustedDevices).values({
        accountId: d.accountId,
        tokenHash: d.tokenHash,
        createdAt: d.now,
        lastUsedAt: d.now,
        expiresAt: d.expiresAt,
      });
    },

    /** A trusted device used again: trusted for another full period from now. */
    async touchTrustedDevice(id: number, now: string, expiresAt: string): Promise<void> {
      await db.update(trustedDevices).set({ lastUsedAt: now, expiresAt }).where(eq(trustedDevices.id, id));
    },
  };
}

export type LoginLimitsRepository = ReturnType<typeof loginLimitsRepository>;

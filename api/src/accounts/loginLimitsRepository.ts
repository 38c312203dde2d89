import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loginFailures, trustedDevices } from '../db/schema';

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
export function loginLimitsRepository(db: Db) {
  return {
    /** The latest time until which one of the keys is held, if any is held after `now`. */
    async heldUntil(keys: string[], now: string, forgetBefore: string): Promise<string | null> {
      const row = db
        .select({ until: sql<string | null>`max(${loginFailures.blockedUntil})` })
        .from(loginFailures)
        .where(and(inArray(loginFailures.key, keys), gt(loginFailures.blockedUntil, now), gt(loginFailures.lastFailureAt, forgetBefore)))
        .get();
      return row?.until ?? null;
    },

    /**
     * Counts one failure on each key, in one transaction; a key whose last failure is older than
     * `forgetBefore` starts again from one. `holdMs` says how long a key is held after n failures.
     */
    async recordFailure(keys: string[], now: Date, forgetBefore: string, holdMs: (key: string, failures: number) => number): Promise<void> {
      const at = now.toISOString();
      db.transaction((tx) => {
        for (const key of keys) {
          const row = tx.select().from(loginFailures).where(eq(loginFailures.key, key)).get();
          const failures = row && row.lastFailureAt > forgetBefore ? row.failures + 1 : 1;
          const blockedUntil = new Date(now.getTime() + holdMs(key, failures)).toISOString();
          tx.insert(loginFailures)
            .values({ key, failures, lastFailureAt: at, blockedUntil })
            .onConflictDoUpdate({ target: loginFailures.key, set: { failures, lastFailureAt: at, blockedUntil } })
            .run();
        }
      });
    },

    async clear(keys: string[]): Promise<void> {
      db.delete(loginFailures).where(inArray(loginFailures.key, keys)).run();
    },

    /** The trusted device of an account among the given token hashes, if one is still trusted. */
    async findTrustedDevice(accountId: number, tokenHashes: string[], now: string): Promise<{ id: number; tokenHash: string } | undefined> {
      if (tokenHashes.length === 0) return undefined;
      return db
        .select({ id: trustedDevices.id, tokenHash: trustedDevices.tokenHash })
        .from(trustedDevices)
        .where(and(eq(trustedDevices.accountId, accountId), inArray(trustedDevices.tokenHash, tokenHashes), gt(trustedDevices.expiresAt, now)))
        .get();
    },

    async addTrustedDevice(d: NewTrustedDevice): Promise<void> {
      db.insert(trustedDevices).values({ accountId: d.accountId, tokenHash: d.tokenHash, createdAt: d.now, lastUsedAt: d.now, expiresAt: d.expiresAt }).run();
    },

    /** A trusted device used again: trusted for another full period from now. */
    async touchTrustedDevice(id: number, now: string, expiresAt: string): Promise<void> {
      db.update(trustedDevices).set({ lastUsedAt: now, expiresAt }).where(eq(trustedDevices.id, id)).run();
    },
  };
}

export type LoginLimitsRepository = ReturnType<typeof loginLimitsRepository>;

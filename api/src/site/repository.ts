import { sql } from 'drizzle-orm';
import type { Store } from '../db/store';

/** What the public site reads from the database itself (the pharmacy lookup is accounts'). */
export function siteRepository(store: Store) {
  return {
    /** One trivial read: the database answers. */
    async ping(): Promise<void> {
      await store.rows(sql`SELECT 1`);
    },
    /**
     * One real write, as a page save makes (readiness): this server's row of job_leases, never a
     * job's name, so no job is taken. Committed at once, like every statement outside a transaction.
     */
    async probeWrite(holder: string, nowMs: number): Promise<void> {
      const name = `ready:${holder}`.slice(0, 200);
      await store.rows(sql`INSERT INTO job_leases (name, holder, expires_at_ms) VALUES (${name}, ${holder}, ${nowMs})
        ON CONFLICT (name) DO UPDATE SET expires_at_ms = excluded.expires_at_ms`);
    },
  };
}

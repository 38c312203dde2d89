import { sql } from 'drizzle-orm';
import type { Store } from './store';

const take = (
  name: string,
  holder: string,
  until: number,
  now: number,
) => sql`INSERT INTO job_leases (name, holder, expires_at_ms) VALUES (${name}, ${holder}, ${until})
  ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at_ms = excluded.expires_at_ms
  WHERE job_leases.expires_at_ms <= ${now} OR job_leases.holder = ${holder}
  RETURNING holder`;

/**
 * Leases on the periodic jobs, so that one server at a time runs each when several share the
 * database: a server takes a job's lease when nobody holds it or the holder's has run out (a
 * server that stopped mid-job frees it by the end of its lease), and gives it back when done.
 * One statement each, in SQL both databases run (a lease outlives a connection, which
 * PostgreSQL's advisory locks do not: a job may span several of the pool's connections).
 */
export function jobLeases(store: () => Store, holder: string, now: () => number) {
  return {
    /** This server, as the holder of leases. */
    holder,
    /** Takes the lease of `name` for `ttlMs` (or extends it when already ours); false when another server holds it. */
    async take(name: string, ttlMs: number): Promise<boolean> {
      const at = now();
      const [row] = await store().rows<{ holder: string }>(take(name, holder, at + ttlMs, at));
      return row?.holder === holder;
    },
    /** Gives back the lease of `name`, if ours. */
    async release(name: string): Promise<void> {
      await store().rows(sql`DELETE FROM job_leases WHERE name = ${name} AND holder = ${holder}`);
    },
    /**
     * Runs `job` if this server takes the lease of `name`, then gives it back; `{ ran: false }` when another holds it.
     * `ttlMs` bounds the job: past it, another server may take the job over.
     */
    async run<T>(
      name: string,
      ttlMs: number,
      job: () => T | Promise<T>,
    ): Promise<{ ran: true; result: T } | { ran: false }> {
      if (!(await this.take(name, ttlMs))) return { ran: false };
      try {
        return { ran: true, result: await job() };
      } finally {
        await this.release(name);
      }
    },
  };
}

export type JobLeases = ReturnType<typeof jobLeases>;

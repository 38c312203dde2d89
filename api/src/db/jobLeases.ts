import type Database from 'better-sqlite3';

const TAKE = `INSERT INTO job_leases (name, holder, expires_at_ms) VALUES (@name, @holder, @until)
  ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at_ms = excluded.expires_at_ms
  WHERE job_leases.expires_at_ms <= @now OR job_leases.holder = @holder
  RETURNING holder`;

/**
 * Leases on the periodic jobs, so that one server at a time runs each when several share the
 * database: a server takes a job's lease when nobody holds it or the holder's has run out (a
 * server that stopped mid-job frees it by the end of its lease), and gives it back when done.
 * One statement each, in SQL that PostgreSQL runs as well.
 */
export function jobLeases(sqlite: () => Database.Database, holder: string, now: () => number) {
  return {
    /** Takes the lease of `name` for `ttlMs` (or extends it when already ours); false when another server holds it. */
    take(name: string, ttlMs: number): boolean {
      const at = now();
      const row = sqlite().prepare(TAKE).get({ name, holder, until: at + ttlMs, now: at }) as { holder: string } | undefined;
      return row?.holder === holder;
    },
    /** Gives back the lease of `name`, if ours. */
    release(name: string): void {
      sqlite().prepare('DELETE FROM job_leases WHERE name = ? AND holder = ?').run(name, holder);
    },
    /**
     * Runs `job` if this server takes the lease of `name`, then gives it back; `{ ran: false }` when another holds it.
     * `ttlMs` bounds the job: past it, another server may take the job over.
     */
    async run<T>(name: string, ttlMs: number, job: () => T | Promise<T>): Promise<{ ran: true; result: T } | { ran: false }> {
      if (!this.take(name, ttlMs)) return { ran: false };
      try {
        return { ran: true, result: await job() };
      } finally {
        this.release(name);
      }
    },
  };
}

export type JobLeases = ReturnType<typeof jobLeases>;

import { sql } from 'drizzle-orm';
import type { Store } from './store';

/** The operator's jobs whose last end is recorded (db/schema.ts jobRuns). */
export type JobName = 'retention-purge' | 'backup';

/** When each job last ended and what it did, in the database every server and command shares. */
export function jobRuns(store: Store) {
  return {
    async record(name: JobName, finishedAtMs: number, outcome: string): Promise<void> {
      await store.rows(sql`INSERT INTO job_runs (name, finished_at_ms, outcome) VALUES (${name}, ${finishedAtMs}, ${outcome})
        ON CONFLICT (name) DO UPDATE SET finished_at_ms = excluded.finished_at_ms, outcome = excluded.outcome`);
    },
    /** The epoch milliseconds of the job's last end, or null when it never ran. */
    async lastMs(name: JobName): Promise<number | null> {
      const [row] = await store.rows<{ at: number }>(
        sql`SELECT finished_at_ms AS at FROM job_runs WHERE name = ${name}`,
      );
      return row ? Number(row.at) : null;
    },
  };
}

export type JobRuns = ReturnType<typeof jobRuns>;

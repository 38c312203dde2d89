import { sqliteTable, text, integer, index, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, idColumn, ownedBy } from './schemaColumns';
import { accounts } from './staffSchema';

// The technical tables (limits, alerts, jobs): no health data, purged after 13 months where they
// grow. Exported from schema.ts with the others; a change here needs a migration too.

/**
 * Calls per address of each route with a limit of its own (plugins/rateLimitStore.ts), in its
 * current window: every server on the database counts in the same row, and a restart resets
 * nothing. Key: `<method> <route>|<address>`. Rows of windows long past are purged.
 */
export const rateLimits = sqliteTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStartMs: integer('window_start_ms').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [index('rate_limits_window_idx').on(t.windowStartMs)],
);

/**
 * What the admin is told (issue 30): a pharmacy that reached its cap of new forms in an hour
 * (NEW_FORMS_PER_PHARMACY_HOUR). One row per pharmacy and Paris hour, counting the registrations
 * refused in it; the first refusal of the hour e-mails the admins. Technical: purged after 13 months.
 */
export const capAlerts = sqliteTable(
  'cap_alerts',
  {
    id: idColumn(),
    kind: text('kind', { enum: ['new_forms'] }).notNull(),
    pharmacyId: ownedBy('pharmacy_id', () => accounts.id),
    /** The hour it happened in (ISO, UTC, minutes at zero). */
    hour: text('hour').notNull(),
    refused: integer('refused').notNull(),
    createdAt: createdAt(),
    lastAt: text('last_at').notNull(),
  },
  (t) => [uniqueIndex('cap_alerts_kind_pharmacy_hour_unique').on(t.kind, t.pharmacyId, t.hour)],
);

/**
 * Periodic jobs that one server at a time runs (the retention purge, the PDF catch-up at start):
 * the server that holds a job's row until `expires_at_ms` runs it (db/jobLeases.ts).
 */
export const jobLeases = sqliteTable('job_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAtMs: integer('expires_at_ms').notNull(),
});

/**
 * When each operator's job last ended, whichever server or command ran it (the retention purge,
 * `pnpm backup`): the metrics read it, and a server that starts after a missed night purges.
 */
export const jobRuns = sqliteTable('job_runs', {
  name: text('name').primaryKey(),
  finishedAtMs: integer('finished_at_ms').notNull(),
  /** What it did, for the operator (counts, a file name; never health data). */
  outcome: text('outcome').notNull(),
});

import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { migrationsAfter, pgMigrationsFolder } from './migrate';
import * as pgSchema from './pgSchema';
import { pgTables } from './pgSchema';
import type { Store, StoreDb } from './store';

export type PgDb = NodePgDatabase<typeof pgSchema> & { $client: pg.Pool };

// Two servers started together (a rolling upgrade) must not both apply the same migration: the
// first takes this session lock, the second waits, then finds nothing left to apply.
const MIGRATION_LOCK = 7_302_615_841;

/** Applies api/drizzle-pg's pending migrations on one connection, under the migration lock: their names. */
export async function migratePostgres(pool: pg.Pool): Promise<string[]> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      // The table is named only once it exists: PostgreSQL resolves every name of a statement first.
      const exists = (
        await client.query<{ t: string | null }>("SELECT to_regclass('drizzle.__drizzle_migrations')::text AS t")
      ).rows[0]?.t;
      const last = exists
        ? (
            await client.query<{ last: string | null }>(
              'SELECT max(created_at)::text AS last FROM drizzle.__drizzle_migrations',
            )
          ).rows[0]?.last
        : null;
      const pending = migrationsAfter(pgMigrationsFolder, last == null ? null : Number(last));
      await migrate(drizzle(client), { migrationsFolder: pgMigrationsFolder });
      return pending;
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

const INT8 = 20;
// Every integer column is bigint (pgSchema.ts) and counts are bigint: read as JS numbers, as SQLite
// gives them (ids, counts and epoch milliseconds stay far below 2^53). Set on the driver itself:
// drizzle gives each query its own type parsers, built on the driver's, so a pool's would be
// bypassed; this process talks to no other PostgreSQL.
pg.types.setTypeParser(INT8, (value: string) => Number(value));

/**
 * A pool of connections to the DATABASE_URL server. `max` bounds what one API server holds
 * (PostgreSQL's default allows 100 connections in all: 10 per server leaves room for several
 * servers, a backup and an operator).
 */
export function openPostgres(url: string, max = 10): PgDb {
  const pool = new pg.Pool({ connectionString: url, max, application_name: 'bilan-api' });
  // An idle connection the server closes (restart, failover) emits 'error' on the pool: the pool
  // drops it and opens another on the next query; unhandled, the event would end the process.
  pool.on('error', () => {});
  return drizzle(pool, { schema: pgSchema }) as PgDb;
}

/**
 * The store over a PostgreSQL pool. Loaded only when DATABASE_URL is set (plugins/db.ts), so that a
 * server on SQLite never loads the pg driver.
 */
export function postgresStore(database: PgDb): Store {
  // The same builder API over the pg dialect; typed as SQLite's (see Store).
  const db = database as unknown as StoreDb;
  return {
    dialect: 'postgres',
    db,
    tables: pgTables,
    transaction: (work) => database.transaction((tx) => work(tx as unknown as StoreDb)),
    rows: async <T>(query: SQL, tx?: StoreDb) =>
      (await ((tx as unknown as PgDb | undefined) ?? database).execute(query)).rows as T[],
    lockKey: async (tx, key) => {
      await (tx as unknown as PgDb).execute(sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`);
    },
    forgetDeleted: async () => {},
    exclusive: async (work) => work(),
    pool: () => {
      const pool = database.$client;
      return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 };
    },
    close: () => database.$client.end(),
  };
}

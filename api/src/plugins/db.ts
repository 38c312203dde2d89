import fp from 'fastify-plugin';
import type Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { openDatabase, type Db, type OpenedDb } from '../db/client';
import { runMigrations } from '../db/migrate';
import { privateDir } from '../privateFiles';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { jobLeases, type JobLeases } from '../db/jobLeases';
import { jobRuns, type JobRuns } from '../db/jobRuns';
import { versionName } from '../release';
import { sqliteStore, type Store } from '../db/store';

declare module 'fastify' {
  interface FastifyInstance {
    /** drizzle over better-sqlite3, synchronous: for scripts and tests on SQLite (throws on PostgreSQL). */
    db: Db;
    /**
     * The database as the repositories use it (db/store.ts): each feature's plugin builds its
     * repository on it and decorates it (`app.patientRepository`...).
     */
    store: Store;
    /** The raw SQLite connection, for pragmas, backups and tests (throws on PostgreSQL). */
    sqlite: Database.Database;
    /** Leases of the periodic jobs, so that one server at a time runs each (db/jobLeases.ts). */
    jobs: JobLeases;
    /** When the purge and the backup last ended (db/jobRuns.ts). */
    jobRuns: JobRuns;
  }
}

/**
 * The store of the configured database, migrated: PostgreSQL when DATABASE_URL is set, else the
 * SQLite file, with its synchronous drizzle handle (scripts and tests read SQLite through it).
 */
async function openStore(
  config: FastifyInstance['config'],
): Promise<{ store: Store; sqlite?: OpenedDb; migrations: string[] }> {
  if (config.databaseUrl) {
    // Loaded here only: a server on SQLite never loads the pg driver (start time, memory).
    const { migratePostgres, openPostgres, postgresStore } = await import('../db/postgres');
    const pg = openPostgres(config.databaseUrl, config.databasePool);
    try {
      return { store: postgresStore(pg), migrations: await migratePostgres(pg.$client) };
    } catch (err) {
      await pg.$client.end();
      throw err;
    }
  }
  const opened = openDatabase(config.databaseFile);
  try {
    return { store: sqliteStore(opened.db), sqlite: opened, migrations: runMigrations(opened.db) };
  } catch (err) {
    opened.sqlite.close();
    throw err;
  }
}

/** A SQLite-only handle asked for on PostgreSQL: a clear error rather than an undefined. */
function sqliteOnly(name: string): never {
  throw new Error(`app.${name} n’existe qu’avec SQLite (DATABASE_URL est défini), passer par app.store`);
}

/**
 * A feature's start-up step on the database (the triage backfill, the PDF folder): when it fails,
 * the database is closed before the error stops the start, so that a server that cannot start does
 * not keep it open (SQLite's file, PostgreSQL's pool).
 */
export async function startStep(store: Store, step: () => Promise<unknown>): Promise<void> {
  try {
    await step();
  } catch (err) {
    await store.close();
    throw err;
  }
}

/** Opens the database, applies the checked-in migrations, and closes it with the app. */
export default fp(
  async (app) => {
    // The data folder holds the database file, the secrets, the PDFs and the outbox: readable by the owner only.
    privateDir(app.config.dataDir);
    const { store, sqlite, migrations } = await openStore(app.config);
    // Which code runs on which schema: the first thing to read after an upgrade.
    app.log.info(
      { version: versionName(), database: store.dialect, migrationsApplied: migrations },
      migrations.length > 0
        ? `base de données migrée\u00a0: ${migrations.join(', ')}`
        : 'base de données à jour, aucune migration à appliquer',
    );
    app.decorate('db', { getter: () => sqlite?.db ?? sqliteOnly('db') });
    app.decorate('sqlite', { getter: () => sqlite?.sqlite ?? sqliteOnly('sqlite') });
    app.decorate('store', store);
    // This process, as the holder of a job's lease: host, pid and a random part (pids repeat).
    app.decorate(
      'jobs',
      jobLeases(
        () => store,
        `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
        () => app.clock().getTime(),
      ),
    );
    app.decorate('jobRuns', jobRuns(store));
    app.addHook('onClose', () => store.close());
  },
  { name: 'db', dependencies: ['config'] },
);

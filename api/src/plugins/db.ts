import fp from 'fastify-plugin';
import type Database from 'better-sqlite3';
import { openDatabase, type Db } from '../db/client';
import { runMigrations } from '../db/migrate';
import { backfillTriage } from '../pharmacy/backfillTriage';
import { privateDir } from '../privateFiles';
import { loginLimitsRepository } from '../accounts/loginLimitsRepository';
import { accountsRepository } from '../accounts/repository';
import { adminRepository } from '../admin/repository';
import { botCheckRepository } from '../botCheck/repository';
import { demoRepository } from '../demo/repository';
import { mailRepository } from '../mail/repository';
import { patientRepository } from '../patient/repository';
import { pharmacyRepository } from '../pharmacy/repository';
import { reportsRepository } from '../reports/repository';
import { siteRepository } from '../site/repository';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { jobLeases, type JobLeases } from '../db/jobLeases';
import { folderPdfStore, type PdfStore } from '../reports/pdfStore';
import { sqliteStore, type Store } from '../db/store';

/**
 * Each feature's repository: the only code that touches the database for that feature. Services
 * reach them as `app.repos.<feature>`. They work on the store (db/store.ts), the same code on
 * SQLite and PostgreSQL.
 */
export function createRepositories(store: Store, pdfs: PdfStore) {
  return {
    accounts: accountsRepository(store),
    loginLimits: loginLimitsRepository(store),
    admin: adminRepository(store),
    botCheck: botCheckRepository(store),
    demo: demoRepository(store),
    mail: mailRepository(store),
    patient: patientRepository(store),
    pharmacy: pharmacyRepository(store, pdfs),
    reports: reportsRepository(store, pdfs),
    site: siteRepository(store),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;

declare module 'fastify' {
  interface FastifyInstance {
    /** drizzle over better-sqlite3, synchronous: for scripts and tests on SQLite. */
    db: Db;
    /** The database as the repositories use it (db/store.ts). */
    store: Store;
    /** The raw connection, for pragmas, the retention purge, backups and tests. */
    sqlite: Database.Database;
    repos: Repositories;
    /** Where the PDFs of submitted forms are kept (reports/pdfStore.ts). */
    pdfs: PdfStore;
    /** Leases of the periodic jobs, so that one server at a time runs each (db/jobLeases.ts). */
    jobs: JobLeases;
  }
}

/** Opens the database, applies the checked-in migrations, and closes it with the app. */
export default fp(
  async (app) => {
    // The data folder holds the database, the secrets and the outbox: readable by the owner only.
    privateDir(app.config.dataDir);
    const { db, sqlite } = openDatabase(app.config.databaseFile);
    try {
      runMigrations(db);
      backfillTriage(db);
    } catch (err) {
      sqlite.close();
      throw err;
    }
    app.decorate('db', db);
    app.decorate('sqlite', sqlite);
    const pdfs = folderPdfStore(app.config.pdfDir);
    app.decorate('pdfs', pdfs);
    const store = sqliteStore(db);
    app.decorate('store', store);
    app.decorate('repos', createRepositories(store, pdfs));
    // This process, as the holder of a job's lease: host, pid and a random part (pids repeat).
    app.decorate('jobs', jobLeases(() => store, `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`, () => app.clock().getTime()));
    app.addHook('onClose', () => store.close());
  },
  { name: 'db', dependencies: ['config'] },
);

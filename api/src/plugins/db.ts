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

/**
 * Each feature's repository: the only code that touches the database for that feature. Services
 * reach them as `app.repos.<feature>`; a PostgreSQL dialect would provide the same functions
 * (they already return promises) without touching a service or a route.
 */
export function createRepositories(db: Db, pdfs: PdfStore) {
  return {
    accounts: accountsRepository(db),
    loginLimits: loginLimitsRepository(db),
    admin: adminRepository(db),
    botCheck: botCheckRepository(db),
    demo: demoRepository(db),
    mail: mailRepository(db),
    patient: patientRepository(db),
    pharmacy: pharmacyRepository(db, pdfs),
    reports: reportsRepository(db, pdfs),
    site: siteRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;

declare module 'fastify' {
  interface FastifyInstance {
    /** drizzle over better-sqlite3, for the repositories, scripts and tests. */
    db: Db;
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
    app.decorate('repos', createRepositories(db, pdfs));
    // This process, as the holder of a job's lease: host, pid and a random part (pids repeat).
    app.decorate('jobs', jobLeases(() => sqlite, `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`, () => app.clock().getTime()));
    app.addHook('onClose', async () => {
      sqlite.close();
    });
  },
  { name: 'db', dependencies: ['config'] },
);

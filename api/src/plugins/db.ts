import fp from 'fastify-plugin';
import type Database from 'better-sqlite3';
import { openDatabase, type Db } from '../db/client';
import { runMigrations } from '../db/migrate';
import { createRepositories, type Repositories } from '../db/repositories/index';

declare module 'fastify' {
  interface FastifyInstance {
    /** drizzle over better-sqlite3 (schema and accounts schema). */
    db: Db;
    /** The raw connection, for pragmas, backups and tests. */
    sqlite: Database.Database;
    repos: Repositories;
  }
}

/** Opens the database, applies the checked-in migrations, and closes it with the app. */
export default fp(
  async (app) => {
    const { db, sqlite } = openDatabase(app.config.databaseFile);
    try {
      runMigrations(db);
    } catch (err) {
      sqlite.close();
      throw err;
    }
    app.decorate('db', db);
    app.decorate('sqlite', sqlite);
    app.decorate('repos', createRepositories(db));
    app.addHook('onClose', async () => {
      sqlite.close();
    });
  },
  { name: 'db', dependencies: ['config'] },
);

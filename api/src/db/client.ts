import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import * as schema from './schema';

export type Db = BetterSQLite3Database<typeof schema>;
/** The handle a repository works with inside a transaction (`db.transaction((tx) => ...)`). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface OpenedDb {
  db: Db;
  sqlite: Database.Database;
}

/**
 * Opens the SQLite file with the pragmas set on every open (they are per connection, except WAL).
 *
 * synchronous=FULL rather than NORMAL: in WAL mode NORMAL is safe against corruption but can lose
 * the last commits on a power cut. A submitted questionnaire is health data the patient will not
 * type again, and our write rate (a few saves per patient) makes the extra fsync per commit cheap.
 */
export function openDatabase(file: string): OpenedDb {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = drizzle(sqlite, { schema });
  return { db, sqlite };
}

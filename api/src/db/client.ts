import Database from 'better-sqlite3';
import { dirname } from 'node:path';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import * as schema from './schema';
import { searchFold } from '../shared/text/searchFold';
import { createPrivateFile, privateDir, privateFile } from '../privateFiles';

/** drizzle over the connection; `$client` is the better-sqlite3 connection itself (prepared hot paths). */
export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

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
  // Health data: the file is created 0600 in a 0700 folder before SQLite opens it; SQLite gives
  // its WAL and shared-memory files the database file's mode, set again here for older files.
  if (file !== ':memory:') {
    privateDir(dirname(file));
    createPrivateFile(file);
  }
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  if (file !== ':memory:') for (const extra of ['-wal', '-shm']) privateFile(`${file}${extra}`);
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Deleted health data (retention purge, replaced answers) is overwritten with zeros rather than
  // left in free pages, where a copy of the file would still hold it.
  sqlite.pragma('secure_delete = ON');
  // The dashboard's accent-insensitive search (SQLite has no unaccent of its own).
  sqlite.function('search_fold', { deterministic: true }, (text: unknown) =>
    typeof text === 'string' ? searchFold(text) : null,
  );
  const db = drizzle(sqlite, { schema });
  return { db, sqlite };
}

import Database from 'better-sqlite3';
import { chmodSync, existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { createPrivateFile, privateDir } from '../privateFiles';

export interface BackupResult {
  file: string;
  bytes: number;
  pages: number;
  /** `PRAGMA integrity_check` of the copy: 'ok' or the first problems found. */
  integrity: string;
}

/**
 * Copies a live database with SQLite's online backup API (better-sqlite3 `db.backup`): the copy is
 * a consistent snapshot even while the server keeps writing, WAL included, without stopping it.
 *
 * The copy is written beside its destination under a temporary name, checked with
 * `PRAGMA integrity_check`, then renamed: a backup that exists under its final name is whole. It
 * holds health data, so it is readable by its owner only.
 */
export async function backupDatabase(source: Database.Database, destination: string): Promise<BackupResult> {
  // A folder made for backups is the owner's only; an existing folder the operator chose is left as it is.
  const folder = dirname(destination);
  if (!existsSync(folder)) privateDir(folder);
  const partial = `${destination}.partial`;
  rmSync(partial, { force: true });
  let pages = 0;
  try {
    // Created 0600 before SQLite writes a byte of health data into it.
    createPrivateFile(partial);
    const progress = await source.backup(partial);
    pages = progress.totalPages;
    chmodSync(partial, 0o600);
    const copy = new Database(partial, { fileMustExist: true });
    let integrity: string;
    try {
      // A copy is one file: rollback journal rather than WAL, so that opening it (the check here,
      // a restore) leaves no -wal or -shm file beside it.
      copy.pragma('journal_mode = DELETE');
      const rows = copy.pragma('integrity_check') as { integrity_check: string }[];
      integrity = rows.map((r) => r.integrity_check).join('; ');
    } finally {
      copy.close();
    }
    if (integrity !== 'ok') throw new Error(`backup copy failed its integrity check: ${integrity}`);
    renameSync(partial, destination);
    return { file: destination, bytes: statSync(destination).size, pages, integrity };
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  }
}

// The storage ceiling of `pnpm bench` (scripts/bench.ts), beside the api that owns better-sqlite3.
import Database from 'better-sqlite3';

/**
 * The storage ceiling: single-row transactions per second on a fresh SQLite file with the
 * server's durability settings (WAL, synchronous=FULL: one fsync per commit).
 */
export function sqliteCommitRate(file: string, commits: number): number {
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL)');
    const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
    const t0 = performance.now();
    for (let i = 0; i < commits; i++) insert.run(`ligne ${i}`);
    return commits / ((performance.now() - t0) / 1000);
  } finally {
    db.close();
  }
}

// What `pnpm bench`'s cost of a bilan (scripts/bench/bilanCost.ts) reads of a running server's
// SQLite file, beside the api that owns better-sqlite3: a read-only connection, which sees every
// committed transaction (the WAL's included).
import Database from 'better-sqlite3';

export function sqliteProbe(file: string) {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  const done = db.prepare<[], { documents: number; sent: number }>(
    "SELECT (SELECT count(*) FROM documents) AS documents, (SELECT count(*) FROM emails WHERE status = 'sent') AS sent",
  );
  return {
    /** Stored PDFs and sent e-mails so far. */
    done: () => done.get() as { documents: number; sent: number },
    /** The database's size in bytes: its pages, the WAL's committed ones included. */
    size: () => Number(db.pragma('page_count', { simple: true })) * Number(db.pragma('page_size', { simple: true })),
    close: (): void => void db.close(),
  };
}

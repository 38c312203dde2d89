import Database from 'better-sqlite3';

/**
 * Moves the sending time of every login code of a running server's database back by `seconds`:
 * an end-to-end test's way to let the minute before « Renvoyer le code » pass on the server,
 * whose clock is the real one, while the page's clock is moved with Playwright's.
 */
export function ageLoginCodes(file: string, seconds: number): void {
  const db = new Database(file);
  try {
    db.pragma('busy_timeout = 10000');
    const rows = db.prepare('SELECT id, created_at AS createdAt FROM login_codes').all() as {
      id: number;
      createdAt: string;
    }[];
    const update = db.prepare('UPDATE login_codes SET created_at = ? WHERE id = ?');
    for (const r of rows) update.run(new Date(Date.parse(r.createdAt) - seconds * 1000).toISOString(), r.id);
  } finally {
    db.close();
  }
}

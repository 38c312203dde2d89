import Database from 'better-sqlite3';
import { hashPassword } from '../src/accounts/passwordHash';

/**
 * A pharmacy account ready to log in (address verified, second factor by e-mail), written into a
 * running server's database file: end-to-end tests that are not about the invitation start here.
 */
export async function addPharmacyAccount(
  file: string,
  who: { name: string; nom: string; email: string; password: string; department?: string },
): Promise<number> {
  const hash = await hashPassword(who.password);
  const db = new Database(file);
  try {
    db.pragma('busy_timeout = 10000');
    const now = new Date().toISOString();
    return Number(
      db
        .prepare(
          "INSERT INTO accounts (name, display_name, email, role, password_hash, email_verified_at, two_factor_enabled, created_at, department) VALUES (?, ?, ?, 'pharmacy', ?, ?, 1, ?, ?)",
        )
        .run(who.name, who.nom, who.email, hash, now, now, who.department ?? null).lastInsertRowid,
    );
  } finally {
    db.close();
  }
}

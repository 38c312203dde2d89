import type Database from 'better-sqlite3';

/**
 * Technical records (mail queue, audit trail, login codes, sessions, tokens) live 13 months. The
 * bot-check records are not listed: the bot-check plugin removes them as soon as they expire.
 */
export const TECHNICAL_RETENTION_MONTHS = 13;

export interface PurgeOptions {
  now: Date;
  /** Months kept for technical records; the health data follows each pharmacy's retentionMonths. */
  technicalMonths?: number;
}

export interface PurgeReport {
  patients: number;
  forms: number;
  documents: number;
  /** The PDF store's keys of the removed documents: their files go once the purge is committed. */
  files: string[];
  /** Rows of technical tables removed, by table. */
  technical: Record<string, number>;
}

/**
 * The instant `months` calendar months before `now` (UTC), the day clamped to the target month's
 * length so that 31 March minus one month is 28/29 February, never 3 March.
 */
export function monthsBefore(now: Date, months: number): Date {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth() - months;
  const target = new Date(Date.UTC(y, m, 1, now.getUTCHours(), now.getUTCMinutes(), now.getUTCSeconds(), now.getUTCMilliseconds()));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(now.getUTCDate(), lastDay));
  return target;
}

/** Technical tables and the timestamp column their age is read from. */
const technicalTables: [table: string, column: string][] = [
  ['emails', 'created_at'],
  ['audit_log', 'created_at'],
  ['login_codes', 'created_at'],
  ['staff_sessions', 'created_at'],
  ['account_tokens', 'created_at'],
  ['demo_submissions', 'created_at'],
];

/** Records that serve nothing once an instant has passed: a trusted device not used for its period, failure counters a day after their last failure. */
const expiringTables: [table: string, column: string, afterMs: number][] = [
  ['trusted_devices', 'expires_at', 0],
  ['login_failures', 'last_failure_at', 24 * 3600_000],
];

/**
 * Removes what is kept longer than allowed, in one transaction:
 * - per pharmacy, the patients (identity, social security number), their forms and their PDFs
 *   whose last activity (submission, else last save, else registration) is older than the
 *   pharmacy's `retention_months` (36 by default);
 * - technical records older than 13 months, and the login limiter's records once they serve nothing.
 *
 * The deletes are explicit rather than left to ON DELETE CASCADE, so that the purge does not
 * depend on the foreign_keys pragma of the connection that runs it (e.g. the backup script's).
 */
export function purgeExpired(sqlite: Database.Database, options: PurgeOptions): PurgeReport {
  const { now } = options;
  const technicalMonths = options.technicalMonths ?? TECHNICAL_RETENTION_MONTHS;
  const existing = new Set(
    (sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((r) => r.name),
  );

  const run = sqlite.transaction((): PurgeReport => {
    const report: PurgeReport = { patients: 0, forms: 0, documents: 0, files: [], technical: {} };
    sqlite.exec('CREATE TEMP TABLE IF NOT EXISTS purge_patients (id INTEGER PRIMARY KEY)');
    sqlite.exec('DELETE FROM purge_patients');
    const pharmacies = sqlite.prepare('SELECT id, retention_months AS months FROM accounts').all() as { id: number; months: number }[];
    const select = sqlite.prepare(`
      INSERT OR IGNORE INTO purge_patients (id)
      SELECT p.id FROM patients p LEFT JOIN forms f ON f.patient_id = p.id
      WHERE p.pharmacy_id = ? AND coalesce(f.submitted_at, f.updated_at, p.created_at) < ?`);
    for (const pharmacy of pharmacies) {
      // A retention of 0 or less would erase forms as they arrive: treated as unset (default 36).
      const months = Number.isInteger(pharmacy.months) && pharmacy.months > 0 ? pharmacy.months : 36;
      select.run(pharmacy.id, monthsBefore(now, months).toISOString());
    }
    const purgedDocuments = 'FROM documents WHERE form_id IN (SELECT id FROM forms WHERE patient_id IN (SELECT id FROM purge_patients))';
    report.files = sqlite.prepare(`SELECT file_key ${purgedDocuments} AND file_key IS NOT NULL`).pluck().all() as string[];
    report.documents = sqlite.prepare(`DELETE ${purgedDocuments}`).run().changes;
    report.forms = sqlite.prepare('DELETE FROM forms WHERE patient_id IN (SELECT id FROM purge_patients)').run().changes;
    report.patients = sqlite.prepare('DELETE FROM patients WHERE id IN (SELECT id FROM purge_patients)').run().changes;
    sqlite.exec('DELETE FROM purge_patients');

    const cutoff = monthsBefore(now, technicalMonths).toISOString();
    for (const [table, column] of technicalTables) {
      if (!existing.has(table)) continue;
      report.technical[table] = sqlite.prepare(`DELETE FROM ${table} WHERE ${column} < ?`).run(cutoff).changes;
    }
    for (const [table, column, afterMs] of expiringTables) {
      if (!existing.has(table)) continue;
      report.technical[table] = sqlite.prepare(`DELETE FROM ${table} WHERE ${column} < ?`).run(new Date(now.getTime() - afterMs).toISOString()).changes;
    }
    // The routes' request counts: their longest window is an hour, a day-old count serves nothing.
    if (existing.has('rate_limits')) {
      report.technical.rate_limits = sqlite.prepare('DELETE FROM rate_limits WHERE window_start_ms < ?').run(now.getTime() - 86_400_000).changes;
    }
    return report;
  });
  return run();
}

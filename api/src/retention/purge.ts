import { sql, type SQL } from 'drizzle-orm';
import type { Store, StoreDb } from '../db/store';
import { canonicalJson, entryHash } from '../acts';

/**
 * Technical records (mail queue, audit trail, login codes, sessions, tokens) live 13 months. The
 * bot-check records are not listed: the bot-check plugin removes them as soon as they expire.
 */
const TECHNICAL_RETENTION_MONTHS = 13;

/**
 * The acts (D34, D43) are billing records: kept 10 years from the act, as the accounting
 * documents that support a bill are (Code de commerce, article L123-22), then removed with their
 * ledger entries (README « Actes : conservation »). Longer than any form's retention: a purged
 * form's act keeps what billing needs (name, birth date, band, date, amount) in its own row.
 */
const ACT_RETENTION_MONTHS = 120;

export interface PurgeOptions {
  now: Date;
  /** Months kept for technical records; the health data follows each pharmacy's retentionMonths. */
  technicalMonths?: number;
  /** Months the acts are kept (ACT_RETENTION_MONTHS unless a test says otherwise). */
  actMonths?: number;
  /** Removes the PDF files of a batch of purged documents, once their rows are gone. */
  removeFiles?: (keys: string[]) => Promise<void>;
}

export interface PurgeReport {
  patients: number;
  forms: number;
  documents: number;
  plans: number;
  /** Acts older than their 10 years removed, with their ledger entries. */
  acts: number;
  /** E-mails that named or were sent to the removed patients (their name, their address). */
  emails: number;
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
  const target = new Date(
    Date.UTC(y, m, 1, now.getUTCHours(), now.getUTCMinutes(), now.getUTCSeconds(), now.getUTCMilliseconds()),
  );
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
  ['cap_alerts', 'created_at'],
];

/** Records that serve nothing once an instant has passed: a trusted device not used for its period, failure counters a day after their last failure. */
const expiringTables: [table: string, column: string, afterMs: number][] = [
  ['trusted_devices', 'expires_at', 0],
  ['login_failures', 'last_failure_at', 24 * 3600_000],
];

/** The subject of the pharmacy's notice before its patient's name (mail/messages.ts). */
const NOTICE_SUBJECT = 'Nouveau bilan prévention\u00a0: ';

/** Patients removed per statement: the id lists stay well under both databases' parameter limits. */
const CHUNK = 500;

/** Lets the requests waiting meanwhile (a page save) run between two batches. */
const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Removes what is kept longer than allowed, in short transactions, so that a page save never
 * waits behind the whole purge (SQLite writes one transaction at a time):
 * - per pharmacy, the patients (identity, social security number), their forms, their PDFs and plans
 *   whose last activity (submission, else last save, else registration) is older than the
 *   pharmacy's `retention_months` (36 by default), 500 patients per transaction, their PDF files
 *   removed (`removeFiles`) once that transaction is committed;
 * - technical records older than 13 months, and the login limiter's records once they serve
 *   nothing, one statement (its own transaction) per table.
 *
 * The deletes are explicit rather than left to ON DELETE CASCADE, so that the purge does not
 * depend on the foreign_keys pragma of the connection that runs it. SQL both databases run; the
 * table and column names are ours (the lists above), never input.
 */
export async function purgeExpired(store: Store, options: PurgeOptions): Promise<PurgeReport> {
  const { now } = options;
  const technicalMonths = options.technicalMonths ?? TECHNICAL_RETENTION_MONTHS;
  const report: PurgeReport = {
    patients: 0,
    forms: 0,
    documents: 0,
    plans: 0,
    acts: 0,
    emails: 0,
    files: [],
    technical: {},
  };
  const rows = <T>(query: SQL, tx?: StoreDb) => store.rows<T>(query, tx);
  /** How many rows a DELETE removed, counted by what it returns (the same on both databases). */
  const deleted = async (query: SQL, tx?: StoreDb) => (await rows(sql`${query} RETURNING 1 AS removed`, tx)).length;
  const pharmacies = await rows<{ id: number; months: number }>(
    sql`SELECT id, retention_months AS months FROM accounts`,
  );
  const expired: number[] = [];
  for (const pharmacy of pharmacies) {
    // A retention of 0 or less would erase forms as they arrive: treated as unset (default 36).
    const months = Number.isInteger(pharmacy.months) && pharmacy.months > 0 ? pharmacy.months : 36;
    const found = await rows<{ id: number }>(sql`
      SELECT p.id FROM patients p LEFT JOIN forms f ON f.patient_id = p.id
      WHERE p.pharmacy_id = ${pharmacy.id} AND coalesce(f.submitted_at, f.updated_at, p.created_at) < ${monthsBefore(now, months).toISOString()}`);
    for (const row of found) expired.push(row.id);
  }
  for (let i = 0; i < expired.length; i += CHUNK) {
    const ids = sql.join(
      expired.slice(i, i + CHUNK).map((id) => sql`${id}`),
      sql`, `,
    );
    const ofForms = sql`form_id IN (SELECT id FROM forms WHERE patient_id IN (${ids}))`;
    const files = await store.transaction(async (tx) => {
      const keys = await rows<{ key: string }>(
        sql`SELECT file_key AS key FROM documents WHERE ${ofForms} AND file_key IS NOT NULL`,
        tx,
      );
      report.documents += await deleted(sql`DELETE FROM documents WHERE ${ofForms}`, tx);
      // The consultation's plans and their finalized versions (D33) go with their form.
      await deleted(sql`DELETE FROM plan_versions WHERE plan_id IN (SELECT id FROM plans WHERE ${ofForms})`, tx);
      report.plans += await deleted(sql`DELETE FROM plans WHERE ${ofForms}`, tx);
      report.forms += await deleted(sql`DELETE FROM forms WHERE patient_id IN (${ids})`, tx);
      report.emails += await deleted(sql`DELETE FROM emails WHERE patient_id IN (${ids})`, tx);
      // Queued before e-mails named their patient (patient_id): the confirmation to the patient's
      // address, the pharmacy's notice whose subject names the patient.
      report.emails += await deleted(
        sql`DELETE FROM emails WHERE patient_id IS NULL AND (
          (kind = 'patient_confirmation' AND "to" IN (SELECT email FROM patients WHERE id IN (${ids})))
          OR (kind = 'pharmacy_new_bilan' AND subject IN (
            SELECT ${NOTICE_SUBJECT} || first_name || ' ' || last_name FROM patients WHERE id IN (${ids}))))`,
        tx,
      );
      report.patients += await deleted(sql`DELETE FROM patients WHERE id IN (${ids})`, tx);
      return keys.map((f) => f.key);
    });
    report.files.push(...files);
    // The rows are gone (committed): their copies leave SQLite's write-ahead log, their files follow.
    await store.forgetDeleted();
    if (options.removeFiles) await options.removeFiles(files);
    await yieldTurn();
  }

  report.acts = await purgeActs(store, monthsBefore(now, options.actMonths ?? ACT_RETENTION_MONTHS).toISOString(), now);

  const cutoff = monthsBefore(now, technicalMonths).toISOString();
  for (const [table, column] of technicalTables) {
    report.technical[table] = await deleted(
      sql`DELETE FROM ${sql.identifier(table)} WHERE ${sql.identifier(column)} < ${cutoff}`,
    );
    await yieldTurn();
  }
  for (const [table, column, afterMs] of expiringTables) {
    report.technical[table] = await deleted(
      sql`DELETE FROM ${sql.identifier(table)} WHERE ${sql.identifier(column)} < ${new Date(now.getTime() - afterMs).toISOString()}`,
    );
  }
  // The routes' request counts: their longest window is an hour, a day-old count serves nothing.
  report.technical.rate_limits = await deleted(
    sql`DELETE FROM rate_limits WHERE window_start_ms < ${now.getTime() - 86_400_000}`,
  );
  // The readiness probes' rows of servers gone for a day (site/repository.ts probeWrite).
  report.technical.job_leases = await deleted(
    sql`DELETE FROM job_leases WHERE name LIKE 'ready:%' AND expires_at_ms < ${now.getTime() - 86_400_000}`,
  );
  return report;
}

/**
 * Removes the acts whose every ledger entry is older than `cutoff` (10 years), with those entries,
 * in one transaction holding the ledger's lock. The ledger stays one chain: only its oldest
 * entries go (a prefix: every entry before the first one of an act that stays), and a « purge »
 * entry appended at its end records where it now starts and the hash before that, which the check
 * at start (acts/ledger.ts) requires of a chain that does not start at 1.
 */
async function purgeActs(store: Store, cutoff: string, now: Date): Promise<number> {
  return store.transaction(async (tx) => {
    await store.lockKey(tx, 'act-ledger');
    const rows = <T>(query: SQL) => store.rows<T>(query, tx);
    // The first entry kept: the first of an act with an entry since the cutoff, or of a recent purge entry.
    let firstKept = Number(
      (
        await rows<{ seq: number | null }>(
          sql`SELECT min(seq) AS seq FROM act_entries WHERE act_id IN (
            SELECT act_id FROM act_entries WHERE act_id <> 0 GROUP BY act_id HAVING max(created_at) >= ${cutoff})
            OR (act_id = 0 AND created_at >= ${cutoff})`,
        )
      )[0]?.seq ?? 0,
    );
    const last = (await rows<{ seq: number | null }>(sql`SELECT max(seq) AS seq FROM act_entries`))[0]?.seq;
    if (last === null || last === undefined) return 0;
    if (!firstKept) firstKept = Number(last) + 1;
    // An act with entries on both sides (clocks of two servers a little apart) is kept whole.
    for (;;) {
      const earlier = Number(
        (
          await rows<{ seq: number | null }>(
            sql`SELECT min(seq) AS seq FROM act_entries WHERE act_id <> 0 AND act_id IN (
              SELECT act_id FROM act_entries WHERE seq >= ${firstKept})`,
          )
        )[0]?.seq ?? firstKept,
      );
      if (earlier >= firstKept) break;
      firstKept = earlier;
    }
    const removed = await rows<{ id: number }>(
      sql`SELECT DISTINCT act_id AS id FROM act_entries WHERE seq < ${firstKept} AND act_id <> 0`,
    );
    const before = (await rows<{ hash: string }>(sql`SELECT hash FROM act_entries WHERE seq = ${firstKept - 1}`))[0]
      ?.hash;
    if (!before) return 0;
    await rows(sql`DELETE FROM act_entries WHERE seq < ${firstKept}`);
    let count = 0;
    for (let i = 0; i < removed.length; i += CHUNK) {
      const ids = sql.join(
        removed.slice(i, i + CHUNK).map((r) => sql`${Number(r.id)}`),
        sql`, `,
      );
      count += (await rows(sql`DELETE FROM acts WHERE id IN (${ids}) RETURNING 1 AS removed`)).length;
    }
    // The purge entry: where the chain starts now and the hash before it, chained at the end.
    const tail = (
      await rows<{ seq: number; hash: string }>(sql`SELECT seq, hash FROM act_entries ORDER BY seq DESC LIMIT 1`)
    )[0];
    const stated = {
      seq: Number(tail?.seq ?? firstKept - 1) + 1,
      actId: 0,
      pharmacyId: null,
      kind: 'purge' as const,
      body: canonicalJson({ from: firstKept, previousHash: before, acts: count }),
      createdAt: now.toISOString(),
      previousHash: tail?.hash ?? before,
    };
    await tx.insert(store.tables.actEntries).values({ ...stated, hash: entryHash(stated) });
    return count;
  });
}

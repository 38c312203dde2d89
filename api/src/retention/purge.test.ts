import { existsSync, readdirSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { addMonths, buildTestApp, onPostgres, TEST_NOW, type TestApp } from '../../test/helpers';
import {
  completeFlow,
  identityFor,
  injectCall,
  registerPatient,
  saveAllPages,
  type Call,
} from '../../test/reliability/patientFlow';
import { monthsBefore, purgeExpired } from './purge';
import { sqlAll, sqlGet, sqlRun } from '../../test/sql';

const DAY = 24 * 3600_000;

async function count(t: TestApp, sql: string, ...params: unknown[]): Promise<number> {
  return ((await sqlGet(t.app, sql, ...params)) as { n: number }).n;
}

const patientRows = async (t: TestApp, id: number) => ({
  patients: await count(t, 'SELECT count(*) AS n FROM patients WHERE id = ?', id),
  forms: await count(t, 'SELECT count(*) AS n FROM forms WHERE patient_id = ?', id),
  documents: await count(
    t,
    'SELECT count(*) AS n FROM documents d JOIN forms f ON f.id = d.form_id WHERE f.patient_id = ?',
    id,
  ),
});

describe('retention purge', () => {
  let t: TestApp;
  let now: Date;
  let call: Call;
  afterEach(async () => {
    await t.close();
  });

  async function setUp() {
    now = new Date(TEST_NOW);
    t = await buildTestApp({ clock: () => now });
    call = injectCall(t.app);
  }

  it('removes the answers, PDFs and identity of a form after 3 years, and only then', async () => {
    await setUp();
    const old = await completeFlow(
      call,
      t.pharmacy.id,
      { ...identityFor(1, '45to50', now), numero_securite_sociale: '278057512345675' },
      '45to50',
    );
    await t.app.formPdfs.idle();
    expect(await patientRows(t, old.patient.userId)).toEqual({ patients: 1, forms: 1, documents: 2 });

    now = addMonths(TEST_NOW, 36, -1);
    const young = await completeFlow(call, t.pharmacy.id, identityFor(2, '60to65', now), '60to65');
    await t.app.formPdfs.idle();
    expect((await purgeExpired(t.app.store, { now })).patients).toBe(0);
    expect(await patientRows(t, old.patient.userId)).toEqual({ patients: 1, forms: 1, documents: 2 });

    now = addMonths(TEST_NOW, 36, 1);
    const report = await purgeExpired(t.app.store, { now });
    expect(report).toMatchObject({ patients: 1, forms: 1, documents: 2 });
    expect(await patientRows(t, old.patient.userId)).toEqual({ patients: 0, forms: 0, documents: 0 });
    expect(await count(t, "SELECT count(*) AS n FROM patients WHERE social_security_number = '278057512345675'")).toBe(
      0,
    );
    expect(await patientRows(t, young.patient.userId)).toEqual({ patients: 1, forms: 1, documents: 2 });
    // The purged patient's token no longer opens a session; the young one's form is still there.
    const gone = await call({
      method: 'GET',
      url: '/api/utilisateur/me',
      headers: { authorization: `Bearer ${old.patient.token}` },
    });
    expect(gone.statusCode).toBe(401);
    expect(JSON.parse(gone.body)).toMatchObject({ code: 'session_expired' });
    expect(
      await count(
        t,
        "SELECT count(*) AS n FROM forms WHERE patient_id = ? AND status = 'submitted'",
        young.patient.userId,
      ),
    ).toBe(1);
  });

  it('removes with a patient the e-mails that named it or went to its address, even those queued before they said so', async () => {
    await setUp();
    // A pharmacy that keeps its forms 3 months: its patients go long before the mail queue's 13 months.
    await sqlRun(t.app, 'UPDATE accounts SET retention_months = 3 WHERE id = ?', t.otherPharmacy.id);
    const gone = await completeFlow(call, t.otherPharmacy.id, identityFor(6, '45to50', now), '45to50');
    const kept = await completeFlow(call, t.pharmacy.id, identityFor(7, '45to50', now), '45to50');
    await t.app.formPdfs.idle();
    await t.app.mailer.idle();
    const mailsOf = async (id: number) => count(t, 'SELECT count(*) AS n FROM emails WHERE patient_id = ?', id);
    expect(await mailsOf(gone.patient.userId)).toBe(2);
    expect(await mailsOf(kept.patient.userId)).toBe(2);
    // As a message queued before e-mails named their patient left them.
    await sqlRun(t.app, 'UPDATE emails SET patient_id = NULL WHERE patient_id = ?', gone.patient.userId);
    const identity = identityFor(6, '45to50', now);

    now = addMonths(TEST_NOW, 3, 1);
    const report = await purgeExpired(t.app.store, { now });
    expect(report).toMatchObject({ patients: 1, emails: 2 });
    const left = (await sqlAll(t.app, 'SELECT "to", subject, text FROM emails')) as Record<string, string>[];
    expect(left).toHaveLength(2);
    expect(JSON.stringify(left)).not.toContain(identity.email);
    expect(JSON.stringify(left)).not.toContain(identity.nom);
    expect(await mailsOf(kept.patient.userId)).toBe(2);
  });

  it('counts an unfinished questionnaire from its last save', async () => {
    await setUp();
    const identity = identityFor(3, '70to75', now);
    const patient = await registerPatient(call, t.pharmacy.id, identity, '70to75');
    now = addMonths(TEST_NOW, 12);
    // A year later the token needs the day and month of birth again (D39) before it saves.
    const [, mois, jour] = identity.date_naissance.split('-').map(Number);
    const resumed = await call({
      method: 'POST',
      url: '/api/utilisateur/me/resume',
      headers: { authorization: `Bearer ${patient.token}` },
      payload: { jour, mois },
    });
    expect(resumed.statusCode, resumed.body).toBe(200);
    await saveAllPages(call, patient);
    now = addMonths(TEST_NOW, 37);
    expect((await purgeExpired(t.app.store, { now })).patients).toBe(0);
    now = addMonths(TEST_NOW, 48, 1);
    expect((await purgeExpired(t.app.store, { now })).patients).toBe(1);
    expect((await patientRows(t, patient.userId)).patients).toBe(0);
  });

  it('follows each pharmacy’s own retention period (accounts.retentionMonths)', async () => {
    await setUp();
    await sqlRun(t.app, 'UPDATE accounts SET retention_months = 12 WHERE id = ?', t.otherPharmacy.id);
    const short = await completeFlow(call, t.otherPharmacy.id, identityFor(4, '18to25', now), '18to25');
    await t.app.formPdfs.idle();
    const long = await completeFlow(call, t.pharmacy.id, identityFor(5, '18to25', now), '18to25');
    await t.app.formPdfs.idle();

    now = addMonths(TEST_NOW, 12, -1);
    expect((await purgeExpired(t.app.store, { now })).patients).toBe(0);
    now = addMonths(TEST_NOW, 12, 1);
    const report = await purgeExpired(t.app.store, { now });
    expect(report.patients).toBe(1);
    // SQLite: the keys of its two PDFs, for their files to go once the purge is committed;
    // PostgreSQL keeps the PDFs in their rows, gone with them.
    expect(report.files.sort()).toEqual(
      onPostgres() ? [] : [expect.stringMatching(/^\d+-bilan$/), expect.stringMatching(/^\d+-questionnaire$/)],
    );
    expect(report.documents).toBe(2);
    expect((await patientRows(t, short.patient.userId)).patients).toBe(0);
    expect(await patientRows(t, long.patient.userId)).toEqual({ patients: 1, forms: 1, documents: 2 });
  });

  it('removes technical records (mail queue, audit trail) after 13 months', async () => {
    await setUp();
    await completeFlow(call, t.pharmacy.id, identityFor(6, '45to50', now), '45to50');
    await t.app.formPdfs.idle();
    await sqlRun(
      t.app,
      "INSERT INTO audit_log (actor_account_id, action, patient_id, detail, ip, created_at) VALUES (?, 'list_forms', NULL, NULL, '127.0.0.1', ?)",
      t.pharmacy.id,
      now.toISOString(),
    );
    const technical = async () => ({
      emails: await count(t, 'SELECT count(*) AS n FROM emails'),
      audit: await count(t, 'SELECT count(*) AS n FROM audit_log'),
    });
    const before = await technical();
    expect(before.emails).toBeGreaterThan(0);
    expect(before.audit).toBe(1);

    now = addMonths(TEST_NOW, 13, -1);
    await purgeExpired(t.app.store, { now });
    expect(await technical()).toEqual(before);

    // A fresher record, made just before the purge, stays.
    await sqlRun(
      t.app,
      "INSERT INTO audit_log (actor_account_id, action, patient_id, detail, ip, created_at) VALUES (?, 'export', NULL, NULL, '127.0.0.1', ?)",
      t.pharmacy.id,
      now.toISOString(),
    );
    now = addMonths(TEST_NOW, 13, 1);
    const report = await purgeExpired(t.app.store, { now });
    expect(report.technical.emails).toBe(before.emails);
    expect(report.patients).toBe(0);
    expect(await technical()).toEqual({ emails: 0, audit: 1 });
    expect(await count(t, "SELECT count(*) AS n FROM audit_log WHERE action = 'export'")).toBe(1);
  });

  it('forgets login failure counters a day after their last failure, and trusted devices once expired', async () => {
    await setUp();
    const at = (ms: number) => new Date(now.getTime() + ms).toISOString();
    await sqlRun(
      t.app,
      'INSERT INTO login_failures (key, failures, last_failure_at, blocked_until) VALUES (?, 3, ?, ?)',
      'pair:old',
      at(-25 * 3600_000),
      at(-25 * 3600_000),
    );
    await sqlRun(
      t.app,
      'INSERT INTO login_failures (key, failures, last_failure_at, blocked_until) VALUES (?, 3, ?, ?)',
      'pair:recent',
      at(-3600_000),
      at(-3600_000),
    );
    const device = (...values: unknown[]) =>
      sqlRun(
        t.app,
        'INSERT INTO trusted_devices (account_id, token_hash, created_at, last_used_at, expires_at) VALUES (?, ?, ?, ?, ?)',
        ...values,
      );
    await device(t.pharmacy.id, 'expired', at(-100 * DAY), at(-91 * DAY), at(-DAY));
    await device(t.pharmacy.id, 'live', at(-10 * DAY), at(-DAY), at(89 * DAY));
    const report = await purgeExpired(t.app.store, { now });
    expect(report.technical).toMatchObject({ login_failures: 1, trusted_devices: 1 });
    expect(await sqlAll(t.app, 'SELECT key FROM login_failures')).toEqual([{ key: 'pair:recent' }]);
    expect(await sqlAll(t.app, 'SELECT token_hash AS h FROM trusted_devices')).toEqual([{ h: 'live' }]);
  });

  it('runs when the app starts with a moved clock (registered by app.ts)', async () => {
    await setUp();
    const old = await completeFlow(call, t.pharmacy.id, identityFor(7, '45to50', now), '45to50');
    await t.app.formPdfs.idle();
    // On SQLite the PDFs are files (gone with their rows); on PostgreSQL they are the rows.
    const pdfFiles = () =>
      existsSync(t.config.pdfDir)
        ? readdirSync(t.config.pdfDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.pdf'))
        : [];
    expect(pdfFiles()).toHaveLength(onPostgres() ? 0 : 2);
    await t.app.close();

    // The same data folder, opened again three years and a day later.
    const later = addMonths(TEST_NOW, 36, 1);
    const again = await buildApp({ config: t.config, clock: () => later });
    try {
      expect(await sqlGet(again, 'SELECT count(*) AS n FROM patients WHERE id = ?', old.patient.userId)).toEqual({
        n: 0,
      });
      expect(await sqlGet(again, 'SELECT count(*) AS n FROM documents')).toEqual({ n: 0 });
      // And their files with them.
      expect(pdfFiles()).toEqual([]);
    } finally {
      await again.close();
    }
    // t.close() closes the first app again (a no-op) and removes the folder.
  });
});

describe('monthsBefore', () => {
  it('clamps the day to the length of the target month', () => {
    expect(monthsBefore(new Date('2026-03-31T12:00:00.000Z'), 1).toISOString()).toBe('2026-02-28T12:00:00.000Z');
    expect(monthsBefore(new Date('2028-03-31T00:00:00.000Z'), 1).toISOString()).toBe('2028-02-29T00:00:00.000Z');
  });

  it('goes back across years', () => {
    expect(monthsBefore(new Date('2026-03-10T10:00:00.000Z'), 36).toISOString()).toBe('2023-03-10T10:00:00.000Z');
    expect(monthsBefore(new Date('2026-01-15T00:00:00.000Z'), 13).toISOString()).toBe('2024-12-15T00:00:00.000Z');
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import ExcelJS from 'exceljs';
import { buildApp } from '../app';
import { auth, buildTestApp, onPostgres, sameDatabase, TEST_NOW, type TestApp } from '../../test/helpers';
import { enableLogin, login, submittedForm } from '../../test/accounts';
import { eq } from 'drizzle-orm';
import { accounts, actEntries, acts, auditLog } from '../../test/tables';
import { sqlAll, sqlRun } from '../../test/sql';
import { ssnSealerOf } from '../patient';

// The act (issue 40, D34) on a real database (SQLite here, PostgreSQL in the api-postgres
// project): recorded once per person and age band at a pharmacy, moved through its statuses,
// cancelled with a reason and kept, exported by month; one pharmacy's only; the ledger's chain
// checked at start; two servers recording at once give one act.
let t: TestApp;
let tokenA: string;
let tokenB: string;
let luc: number;
let otherForm: number;

/** The refusal, its date as French writes it (« 10 mars 2026 », a no-break space after the day, as everywhere in the product). */
const DUPLICATE =
  'Un bilan de prévention a déjà été réalisé pour cette personne dans cette tranche d’âge le 10\u00a0mars 2026.';

async function setDepartment(department: string, token = tokenA, app = t.app) {
  const res = await app.inject({
    method: 'PUT',
    url: '/api/dashboard/settings',
    headers: auth(token),
    payload: { address: '', phone: '', department },
  });
  expect(res.statusCode, res.body).toBe(200);
}

beforeEach(async () => {
  t = await buildTestApp();
  await enableLogin(t.app, t.pharmacy.id);
  await enableLogin(t.app, t.otherPharmacy.id);
  luc = (
    await submittedForm(t.app, t.pharmacy.id, {
      lastName: 'Lefèvre',
      firstName: 'Jean-Luc',
      submittedAt: '2026-03-09T08:00:00.000Z',
    })
  ).patientId;
  otherForm = (
    await submittedForm(t.app, t.otherPharmacy.id, {
      lastName: 'Lefèvre',
      firstName: 'Jean-Luc',
      submittedAt: '2026-03-09T08:00:00.000Z',
    })
  ).patientId;
  tokenA = await login(t.app, t.pharmacy.email);
  tokenB = await login(t.app, t.otherPharmacy.email, undefined, '10.0.0.9');
});
afterEach(async () => {
  await t.close();
});

const record = (id: number, token = tokenA, app = t.app) =>
  app.inject({ method: 'POST', url: `/api/forms/${id}/acts`, headers: auth(token) });
const ofForm = (id: number, token = tokenA, app = t.app) =>
  app.inject({ method: 'GET', url: `/api/forms/${id}/acts`, headers: auth(token) });
const status = (actId: number, payload: object, token = tokenA) =>
  t.app.inject({ method: 'POST', url: `/api/acts/${actId}/status`, headers: auth(token), payload });
const cancel = (actId: number, payload: object, token = tokenA) =>
  t.app.inject({ method: 'POST', url: `/api/acts/${actId}/cancel`, headers: auth(token), payload });
const exportOf = (query: string, token = tokenA) =>
  t.app.inject({ method: 'GET', url: `/api/acts/export?${query}`, headers: auth(token) });
const stored = async () => ({
  acts: await t.app.store.db.select().from(acts),
  entries: await t.app.store.db.select().from(actEntries),
});
/** The same person registered again under another form. */
const again = async (lastName: string, firstName: string, pharmacyId = t.pharmacy.id) =>
  (await submittedForm(t.app, pharmacyId, { lastName, firstName, submittedAt: '2026-03-10T08:00:00.000Z' })).patientId;
const setSsn = async (patientId: number, ssn: string) =>
  sqlRun(
    t.app,
    'UPDATE patients SET social_security_number = ? WHERE id = ?',
    ssnSealerOf(t.config).seal(ssn),
    patientId,
  );

describe('the act (D34)', () => {
  it('is refused in French until the pharmacy gives its department, and nothing is stored', async () => {
    const res = await record(luc);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'department_required' });
    expect(res.json().message).toMatch(/^Indiquez d’abord le département de la pharmacie/);
    expect(await stored()).toEqual({ acts: [], entries: [] });
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/dashboard/settings',
      headers: auth(tokenA),
      payload: { address: '', phone: '', department: '20' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'invalid_department' });
  });

  it('records RDP at 30,00 € in mainland France and 31,50 € overseas, with the pharmacist and the day', async () => {
    await setDepartment('2a');
    const res = await record(luc);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      code: 'RDP',
      amountCents: 3000,
      amount: '30,00\u00a0€',
      performedAt: TEST_NOW.toISOString(),
      status: 'realise',
      statusLabel: 'Réalisé',
      next: 'a_facturer',
      band: '45to50',
    });
    const [act] = (await stored()).acts;
    expect(act).toMatchObject({
      department: '2A',
      performedBy: t.pharmacy.id,
      lastName: 'Lefèvre',
      birthDate: '1978-05-02',
    });
    await setDepartment('972', tokenB);
    expect((await record(otherForm, tokenB)).json()).toMatchObject({ amountCents: 3150, amount: '31,50\u00a0€' });
    expect((await ofForm(luc)).json()).toMatchObject({
      department: '2A',
      amount: '30,00\u00a0€',
      acts: [{ code: 'RDP' }],
    });
  });

  it('refuses a second act for the same person in the band, registered again with accents, case and spaces changed', async () => {
    await setDepartment('75');
    expect((await record(luc)).statusCode).toBe(201);
    for (const [last, first] of [
      ['LEFEVRE', 'jean luc'],
      ['le fèvre', 'JEAN-LUC'],
    ] as const) {
      const res = await record(await again(last, first));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'act_already_recorded', message: DUPLICATE });
    }
    // The same form again, too.
    expect((await record(luc)).json().message).toBe(DUPLICATE);
    // Another person (another first name) is not refused.
    expect((await record(await again('Lefèvre', 'Jeanne'))).statusCode).toBe(201);
    expect((await stored()).acts).toHaveLength(2);
  });

  it('compares social security numbers when both have one, names otherwise', async () => {
    await setDepartment('75');
    await setSsn(luc, '178057512345616');
    expect((await record(luc)).statusCode).toBe(201);
    // The same number under another name (a name typed otherwise): the same person.
    const renamed = await again('Martin', 'Paul');
    await setSsn(renamed, '178057512345616');
    expect((await record(renamed)).json().message).toBe(DUPLICATE);
    // The same name and birth date without a number: the same person.
    expect((await record(await again('LEFÈVRE', 'Jean Luc'))).json().message).toBe(DUPLICATE);
    // The same name and birth date, another number: another person.
    const namesake = await again('Lefevre', 'Jean-Luc');
    await setSsn(namesake, '178057512345789');
    expect((await record(namesake)).statusCode).toBe(201);
    // The number is sealed in the act, never in clear.
    const rows = await sqlAll<{ ssn: string | null }>(t.app, 'SELECT social_security_number AS ssn FROM acts');
    expect(rows.map((r) => r.ssn).every((s) => s === null || s.startsWith('ssn:v1:'))).toBe(true);
    expect(JSON.stringify(await stored())).not.toContain('178057512345616');
  });

  it("never shows, moves, cancels or refuses on another pharmacy's act", async () => {
    await setDepartment('75');
    await setDepartment('75', tokenB);
    const mine = (await record(luc)).json();
    // The same person at the other pharmacy is another pharmacy's business: recorded there.
    expect((await record(otherForm, tokenB)).statusCode).toBe(201);
    expect((await ofForm(luc, tokenB)).statusCode).toBe(404);
    expect((await status(mine.id, { status: 'a_facturer' }, tokenB)).statusCode).toBe(404);
    expect((await cancel(mine.id, { reason: 'x' }, tokenB)).statusCode).toBe(404);
    const theirs = await exportOf('month=2026-03&format=csv', tokenB);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.body.match(/Lefèvre/g)).toHaveLength(1);
    expect((await stored()).acts.find((a) => a.id === mine.id)?.status).toBe('realise');
  });

  it('moves « Réalisé » → « À facturer » → « Facturé » with its reference, one ledger entry each; refuses another move and changes nothing', async () => {
    await setDepartment('75');
    const act = (await record(luc)).json();
    const before = await stored();
    for (const [payload, code, statusCode] of [
      [{ status: 'facture' }, 'invalid_transition', 409],
      [{ status: 'realise' }, 'invalid_transition', 409],
      [{ status: 'annule' }, 'invalid_request', 400],
      [{ status: 'paye' }, 'invalid_request', 400],
      [{}, 'invalid_request', 400],
      [{ status: 'a_facturer', reference: 'F-1' }, 'reference_not_expected', 400],
      [{ status: 'a_facturer', extra: 1 }, 'invalid_request', 400],
    ] as const) {
      const res = await status(act.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(statusCode);
      expect(res.json().code).toBe(code);
      expect(typeof res.json().message).toBe('string');
    }
    expect(await stored()).toEqual(before);
    expect((await status(act.id, { status: 'a_facturer' })).json()).toMatchObject({
      status: 'a_facturer',
      next: 'facture',
    });
    expect((await status(act.id, { status: 'facture', reference: ' FAC-2026-031 ' })).json()).toMatchObject({
      status: 'facture',
      statusLabel: 'Facturé',
      reference: 'FAC-2026-031',
      next: null,
    });
    expect((await status(act.id, { status: 'facture' })).statusCode).toBe(409);
    const { entries } = await stored();
    expect(entries.map((e) => [e.seq, e.kind])).toEqual([
      [1, 'record'],
      [2, 'status'],
      [3, 'status'],
    ]);
    expect(entries[1]?.previousHash).toBe(entries[0]?.hash);
    expect(entries[2]?.previousHash).toBe(entries[1]?.hash);
  });

  it('cancels with a reason only, keeps the cancelled act, and then allows a new act for the person', async () => {
    await setDepartment('75');
    const act = (await record(luc)).json();
    for (const payload of [{ reason: '' }, { reason: '   ' }, {}]) {
      const res = await cancel(act.id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toMatch(/^(reason_required|invalid_request)$/);
    }
    expect((await stored()).entries).toHaveLength(1);
    for (const id of ['abc', '0', '999999']) expect((await cancel(id as never, { reason: 'x' })).statusCode).toBe(404);
    const res = await cancel(act.id, { reason: 'Fiche d’un homonyme' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'annule',
      statusLabel: 'Annulé',
      cancelReason: 'Fiche d’un homonyme',
      next: null,
    });
    expect((await cancel(act.id, { reason: 'encore' })).json().code).toBe('act_cancelled');
    expect((await status(act.id, { status: 'a_facturer' })).json().code).toBe('act_cancelled');
    const second = await record(await again('LEFEVRE', 'Jean-Luc'));
    expect(second.statusCode, second.body).toBe(201);
    const { acts: rows, entries } = await stored();
    expect(rows.map((r) => [r.id, r.cancelledAt !== null])).toEqual([
      [act.id, true],
      [second.json().id, false],
    ]);
    expect(entries.map((e) => e.kind)).toEqual(['record', 'cancel', 'record']);
    const audit = await t.app.store.db.select().from(auditLog);
    expect(audit.map((a) => a.action).filter((a) => a !== 'list_forms')).toEqual([
      'record_act',
      'cancel_act',
      'record_act',
    ]);
  });

  it('exports the month as .xlsx (real dates, amounts, totals per status) and .csv (semicolons, UTF-8 with BOM)', async () => {
    await setDepartment('75');
    const first = (await record(luc)).json();
    await status(first.id, { status: 'a_facturer' });
    const second = (await record(await again('Durand', '=HYPERLINK("x")'))).json();
    await cancel(second.id, { reason: 'Erreur; « de fiche »' });
    await record(await again('Petit', 'Anne'));
    const res = await exportOf('month=2026-03');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="actes-pharmacie-test-2026-03.xlsx"');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('Actes');
    expect(sheet?.getRow(1).values).toEqual([
      undefined,
      'Date',
      'Patient',
      'Date de naissance',
      'Tranche d’âge',
      'Code acte',
      'Montant (€)',
      'Statut',
      'Référence facture',
      'Motif d’annulation',
    ]);
    const row = sheet?.getRow(2);
    expect(row?.getCell(1).value).toEqual(new Date('2026-03-10T00:00:00.000Z'));
    expect(row?.getCell(3).value).toEqual(new Date('1978-05-02T00:00:00.000Z'));
    expect(row?.getCell(2).value).toBe('Lefèvre Jean-Luc');
    expect(row?.getCell(6).value).toBe(30);
    expect(row?.getCell(7).value).toBe('À facturer');
    expect(sheet?.getRow(3).getCell(2).value).toBe('Durand \'=HYPERLINK("x")'.replace("Durand '", 'Durand '));
    const totals = wb.getWorksheet('Totaux par statut');
    expect([1, 2, 3, 4, 5, 6].map((r) => (totals?.getRow(r).values as unknown[]).slice(1))).toEqual([
      ['Statut', 'Actes', 'Montant (€)'],
      ['Réalisé', 1, 30],
      ['À facturer', 1, 30],
      ['Facturé', 0, 0],
      ['Annulé', 1, 30],
      ['Total hors annulés', 2, 60],
    ]);
    const csv = await exportOf('month=2026-03&format=csv');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="actes-pharmacie-test-2026-03.csv"');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect([...csv.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csv.rawPayload.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe(
      'Date;Patient;Date de naissance;Tranche d’âge;Code acte;Montant (€);Statut;Référence facture;Motif d’annulation',
    );
    expect(lines[1]).toBe('10/03/2026;Lefèvre Jean-Luc;02/05/1978;45-50 ans;RDP;30,00;À facturer;;');
    expect(lines[2]).toBe(
      '10/03/2026;"Durand =HYPERLINK(""x"")";02/05/1978;45-50 ans;RDP;30,00;Annulé;;"Erreur; « de fiche »"',
    );
    expect(lines).toContain('Total hors annulés;2;60,00');
    // Another month has none; the acts of a month are those performed in it (Paris).
    const empty = await exportOf('month=2026-02&format=csv');
    expect(empty.body.split('\r\n')[1]).toBe('');
  });

  it('answers a bad month or format with a JSON error and writes nothing', async () => {
    for (const q of ['month=2026-13', 'month=2026-3', 'month=', '', 'month=2026-03&format=pdf', 'month=2026-03&x=1']) {
      const res = await exportOf(q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_request' });
    }
    expect((await t.app.store.db.select().from(auditLog)).filter((a) => a.action === 'export_acts')).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/acts/export?month=2026-03' })).statusCode).toBe(401);
  });
});

describe('the ledger of the acts', () => {
  /** Another server on the same database: its start checks the ledger. */
  const restart = () => buildApp({ config: { ...t.config, ...sameDatabase(t.config) }, clock: () => TEST_NOW });

  async function threeEntries() {
    await setDepartment('75');
    const act = (await record(luc)).json();
    await status(act.id, { status: 'a_facturer' });
    await status(act.id, { status: 'facture', reference: 'F1' });
    return act.id as number;
  }

  async function refusedBy(app: FastifyInstance, message: RegExp) {
    // The session opened on the first server holds on this one (one database, one secret): a second
    // login at the tests' fixed clock could read the other server's code.
    const token = tokenA;
    for (const res of [
      await ofForm(luc, token, app),
      await record(luc, token, app),
      await app.inject({ method: 'GET', url: '/api/acts/export?month=2026-03', headers: auth(token) }),
    ]) {
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'act_ledger_broken' });
      expect(res.json().message).toMatch(message);
    }
  }

  it('is whole after a restart, and an entry edited in the database is named at the next start', async () => {
    await threeEntries();
    const intact = await restart();
    try {
      expect(await intact.actsLedger()).toEqual({ ok: true, entries: 3, acts: 1 });
    } finally {
      await intact.close();
    }
    await sqlRun(t.app, `UPDATE act_entries SET body = replace(body, 'F1', 'F2') WHERE seq = 3`);
    await sqlRun(t.app, `UPDATE acts SET reference = 'F2'`);
    const broken = await restart();
    try {
      expect(await broken.actsLedger()).toMatchObject({ ok: false, broken: { seq: 3 } });
      await refusedBy(broken, /entrée n°\u00a03 a été modifiée/);
    } finally {
      await broken.close();
    }
  });

  it('names an entry removed from the database', async () => {
    await threeEntries();
    await sqlRun(t.app, 'DELETE FROM act_entries WHERE seq = 2');
    const gap = await restart();
    try {
      await refusedBy(gap, /l’entrée n°\u00a02 manque/);
    } finally {
      await gap.close();
    }
  });

  it('names an act row changed without its entry', async () => {
    await threeEntries();
    await sqlRun(t.app, 'UPDATE acts SET amount_cents = 100');
    const changed = await restart();
    try {
      await refusedBy(changed, /l’acte n°\u00a0\d+\u00a0: sa colonne amountCents ne correspond pas au registre/);
    } finally {
      await changed.close();
    }
  });

  // On PostgreSQL, two app instances over one database; on SQLite, four calls racing in one server
  // (two servers there are two processes, one blocking on the file's lock: twoServers.sqlite.test.ts).
  it('gives one act when « Bilan réalisé » is recorded for one person four times at once', async () => {
    await setDepartment('75');
    const twin = await again('LEFEVRE', 'jean-luc');
    const second = onPostgres() ? await restart() : t.app;
    try {
      const token2 = tokenA;
      const results = await Promise.all([
        record(luc),
        record(twin, token2, second),
        record(luc, token2, second),
        record(twin),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
      for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().message).toBe(DUPLICATE);
      expect((await stored()).acts).toHaveLength(1);
      expect((await stored()).entries.map((e) => e.seq)).toEqual([1]);
    } finally {
      if (second !== t.app) await second.close();
    }
  });
});

describe('the acts’ retention (10 years, README « Actes : conservation »)', () => {
  it('keeps the act when its form is purged, then removes it after 10 years and the ledger stays whole', async () => {
    const { purgeExpired } = await import('../retention/purge');
    const { checkLedger } = await import('./ledger');
    await setDepartment('75');
    const first = (await record(luc)).json();
    await status(first.id, { status: 'a_facturer' });
    // Four years on: the form is purged (36 months), the act keeps what billing needs.
    const later = new Date('2030-03-10T10:00:00.000Z');
    const formsGone = await purgeExpired(t.app.store, { now: later });
    expect(formsGone.patients).toBeGreaterThan(0);
    expect(formsGone.acts).toBe(0);
    const [kept] = (await stored()).acts;
    expect(kept).toMatchObject({
      lastName: 'Lefèvre',
      firstName: 'Jean-Luc',
      birthDate: '1978-05-02',
      band: '45to50',
      amountCents: 3000,
    });
    expect(await checkLedger(t.app.store)).toMatchObject({ ok: true, acts: 1 });
    // Ten years and a day after the act: removed with its entries; a purge entry anchors the chain.
    const purged = await purgeExpired(t.app.store, { now: new Date('2036-03-11T10:00:00.000Z') });
    expect(purged.acts).toBe(1);
    const after = await stored();
    expect(after.acts).toEqual([]);
    expect(after.entries.map((e) => [e.seq, e.kind])).toEqual([[3, 'purge']]);
    expect(await checkLedger(t.app.store)).toEqual({ ok: true, entries: 1, acts: 0 });
    expect(kept?.id).toBe(first.id);
  });

  it('keeps an old act whose cancellation is recent, and keeps the chain checkable after a partial purge', async () => {
    const { purgeExpired } = await import('../retention/purge');
    const { checkLedger } = await import('./ledger');
    await setDepartment('75');
    const old = (await record(luc)).json();
    const anne = await again('Petit', 'Anne');
    // Five years later (the service called as the routes call it: a session would have expired).
    t.advanceClock(5 * 365 * 86_400_000);
    const [pharmacy] = await t.app.store.db.select().from(accounts).where(eq(accounts.id, t.pharmacy.id));
    const reader = { pharmacy: pharmacy!, ip: '10.0.0.1' };
    const recent = await t.app.actsService.record(reader, String(anne));
    await t.app.actsService.cancel(reader, String(old.id), { reason: 'Doublon' });
    expect((await stored()).entries.map((e) => e.kind)).toEqual(['record', 'record', 'cancel']);
    // 11 years after the first act: the first act's cancellation is recent, everything stays.
    expect((await purgeExpired(t.app.store, { now: new Date('2037-03-11T10:00:00.000Z') })).acts).toBe(0);
    // 16 years after: both go.
    expect((await purgeExpired(t.app.store, { now: new Date('2042-03-11T10:00:00.000Z') })).acts).toBe(2);
    expect(await checkLedger(t.app.store)).toMatchObject({ ok: true, acts: 0 });
    expect(recent.id).toBeGreaterThan(old.id);
  });

  it('names a chain whose first entries were removed without a purge', async () => {
    const { checkLedger } = await import('./ledger');
    await setDepartment('75');
    await record(luc);
    await record(await again('Petit', 'Anne'));
    await sqlRun(t.app, 'DELETE FROM act_entries WHERE seq = 1');
    await sqlRun(t.app, "DELETE FROM acts WHERE last_name = 'Lefèvre'");
    expect(await checkLedger(t.app.store)).toMatchObject({
      ok: false,
      broken: { seq: 1, message: 'l’entrée n°\u00a01 manque' },
    });
  });
});

describe('the acts’ keyed hashes through a rotation of SSN_ENCRYPTION_KEY', () => {
  it('are made again under the new key at start, and the same person is still refused', async () => {
    await setDepartment('75');
    await setSsn(luc, '178057512345616');
    expect((await record(luc)).statusCode).toBe(201);
    const oldKey = t.config.ssnEncryptionKey;
    const newKey = 'ssn-key-b-long-enough-0123456789abcdefghij';
    const rotated = await buildApp({
      config: { ...t.config, ...sameDatabase(t.config), ssnEncryptionKey: newKey, ssnEncryptionKeyPrevious: oldKey },
      clock: () => TEST_NOW,
    });
    try {
      const [act] = await rotated.store.db.select().from(acts);
      const { ssnSealer } = await import('../patient');
      expect(act?.keyId).toBe(ssnSealer(newKey).keyId);
      expect(act?.socialSecurityNumber?.startsWith(`ssn:v1:${ssnSealer(newKey).keyId}:`)).toBe(true);
      expect(await rotated.actsLedger()).toMatchObject({ ok: true, acts: 1 });
      // The same number under another name, registered after the rotation: still the same person.
      const renamed = await again('Martin', 'Paul');
      await sqlRun(
        t.app,
        'UPDATE patients SET social_security_number = ? WHERE id = ?',
        ssnSealer(newKey).seal('178057512345616'),
        renamed,
      );
      const token = tokenA;
      const res = await record(renamed, token, rotated);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(DUPLICATE);
    } finally {
      await rotated.close();
    }
  });
});

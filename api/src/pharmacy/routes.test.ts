import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import ExcelJS from 'exceljs';
import { catalogueOf, fieldsOf, normalize, priorityCount, reportOf, type Answers } from '@bilan/engine';
import { fixtureOf } from '@bilan/fixtures';
import { auth, buildTestApp, registerPatient, TEST_NOW, type TestApp } from '../../test/helpers';
import { latestDefinition } from '../questionnaire/definitions';
import { auditLog } from '../db/schema';
import { columnsOf } from './exportWorkbook';
import { createAdmin, enableLogin, login, submittedForm } from '../../test/accounts';
import { pdfText } from '../../test/pdfText';

let t: TestApp;
let tokenA: string;
let tokenB: string;
let formsA: { patientId: number; answers: Answers }[];
let formB: { patientId: number };

beforeAll(() => {
  // pdftotext is a system tool the suite needs (README: apt-get install poppler-utils).
  execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
});

beforeEach(async () => {
  t = await buildTestApp();
  await enableLogin(t.app, t.pharmacy.id);
  await enableLogin(t.app, t.otherPharmacy.id);
  formsA = [
    await submittedForm(t.app, t.pharmacy.id, { lastName: 'Lefèvre', firstName: 'Zoé', submittedAt: '2026-03-10T08:00:00.000Z' }),
    await submittedForm(t.app, t.pharmacy.id, { lastName: 'Martin', firstName: 'Paul', submittedAt: '2026-03-02T08:00:00.000Z' }),
    await submittedForm(t.app, t.pharmacy.id, { lastName: 'LEROY', firstName: 'Anne', submittedAt: '2026-02-27T08:00:00.000Z' }),
  ];
  formB = await submittedForm(t.app, t.otherPharmacy.id, { lastName: 'Autre', firstName: 'Jean', submittedAt: '2026-03-09T08:00:00.000Z' });
  tokenA = await login(t.app, t.pharmacy.email);
  tokenB = await login(t.app, t.otherPharmacy.email, undefined, '10.0.0.9');
});
afterEach(async () => {
  await t.close();
});

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? auth(token) : {} });
const audits = () => t.app.db.select().from(auditLog).all();

describe('GET /api/responses/grouped', () => {
  it("lists the caller's submitted forms only, newest first, with today's and this month's counts", async () => {
    await registerPatient(t); // in progress: not listed
    const res = await get('/api/responses/grouped', tokenA);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.records.map((r: { nom: string }) => r.nom)).toEqual(['Lefèvre', 'Martin', 'LEROY']);
    expect(body.records[0]).toEqual({
      id: formsA[0]?.patientId,
      _id: String(formsA[0]?.patientId),
      nom: 'Lefèvre',
      prenom: 'Zoé',
      date_naissance: '1978-05-02',
      date_formulaire: '2026-03-10T08:00:00.000Z',
      ageGroup: '45to50',
      priorityCount: 0,
    });
    expect(body.counts).toEqual({ today: 1, month: 2 });
    expect(body.month).toBe('2026-03');
    expect((await get('/api/responses/grouped', tokenB)).json().records.map((r: { nom: string }) => r.nom)).toEqual(['Autre']);
  });

  it('searches the last name case-insensitively and filters a month', async () => {
    expect((await get('/api/responses/grouped?q=le', tokenA)).json().records.map((r: { nom: string }) => r.nom)).toEqual(['Lefèvre', 'LEROY']);
    expect((await get('/api/responses/grouped?q=LEF%C3%88', tokenA)).json().records.map((r: { nom: string }) => r.nom)).toEqual(['Lefèvre']);
    const feb = (await get('/api/responses/grouped?month=2026-02', tokenA)).json();
    expect(feb.records.map((r: { nom: string }) => r.nom)).toEqual(['LEROY']);
    expect(feb.counts).toEqual({ today: null, month: 1 });
    expect((await get('/api/responses/grouped?month=2026-13', tokenA)).statusCode).toBe(400);
  });

  it('counts the priority findings of each form as the Bilan report does', async () => {
    const def = latestDefinition('45to50');
    const calm = formsA[0]?.answers ?? {};
    const mental = calm.addictionAndMentalHealth ?? {};
    // Suicidal thoughts ticked (and "Non" unticked): the top-priority suicide rule fires.
    const worried = normalize(def, { ...calm, addictionAndMentalHealth: { ...mental, noSuicidalThoughts: false, suicidalThoughts: true } }).answers;
    const senior = fixtureOf('70to75', 'typical').expected.normalized;
    const worriedForm = await submittedForm(t.app, t.pharmacy.id, { lastName: 'Durand', firstName: 'Luc', submittedAt: '2026-03-10T07:00:00.000Z', answers: worried });
    const seniorForm = await submittedForm(t.app, t.pharmacy.id, { lastName: 'Petit', firstName: 'Rose', submittedAt: '2026-03-10T06:00:00.000Z', band: '70to75', answers: senior });
    const expected = (answers: Answers, band: '45to50' | '70to75', dateNaissance: string, submittedAt: string) => {
      const definition = latestDefinition(band);
      return priorityCount(reportOf({ definition, answers, date: new Date(submittedAt), patient: { civility: 'Madame', birthDate: dateNaissance } }));
    };

    const records = (await get('/api/responses/grouped', tokenA)).json().records as { id: number; priorityCount: number; date_naissance: string }[];
    const countOf = (id: number | undefined) => records.find((r) => r.id === id)?.priorityCount;
    const worriedCount = expected(worried, '45to50', '1978-05-02', '2026-03-10T07:00:00.000Z');
    expect(worriedCount).toBeGreaterThanOrEqual(1);
    expect(countOf(worriedForm.patientId)).toBe(worriedCount);
    // Daily gestures difficult at 70-75: a priority of its own.
    const seniorCount = expected(senior, '70to75', records.find((r) => r.id === seniorForm.patientId)?.date_naissance ?? '', '2026-03-10T06:00:00.000Z');
    expect(seniorCount).toBeGreaterThanOrEqual(1);
    expect(countOf(seniorForm.patientId)).toBe(seniorCount);
    // The typical 45-50 answers hold no priority finding.
    expect(expected(calm, '45to50', '1978-05-02', '2026-03-10T08:00:00.000Z')).toBe(0);
    expect(formsA.map((f) => countOf(f.patientId))).toEqual([0, 0, 0]);
    // Filtered lists carry the same counts.
    expect((await get('/api/responses/grouped?q=durand', tokenA)).json().records).toEqual([expect.objectContaining({ nom: 'Durand', priorityCount: worriedCount })]);
  });

  it('writes who listed what and when in the audit log', async () => {
    await get('/api/responses/grouped?q=mar', tokenA);
    const rows = audits().filter((a) => a.action === 'list_forms');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorAccountId: t.pharmacy.id, createdAt: TEST_NOW.toISOString() });
    expect(JSON.parse(rows[0]?.detail ?? '{}')).toMatchObject({ q: 'mar', count: 1, patientIds: [formsA[1]?.patientId] });
  });
});

describe('GET /api/pdf-download/:id/:kind', () => {
  it('serves both PDFs of an own form, uncached, and audits each read', async () => {
    const id = formsA[0]?.patientId;
    const q = await get(`/api/pdf-download/${id}/formulaire`, tokenA);
    expect(q.statusCode).toBe(200);
    expect(q.headers['content-type']).toBe('application/pdf');
    expect(q.headers['cache-control']).toBe('no-store');
    expect(q.headers['content-disposition']).toBe('attachment; filename="Questionnaire.pdf"');
    expect(pdfText(q.rawPayload)).toContain('questionnaire de Zoé Lefèvre');
    const b = await get(`/api/pdf-download/${id}/bilan`, tokenA);
    expect(pdfText(b.rawPayload)).toContain('bilan de Zoé Lefèvre');
    expect(audits().map((a) => [a.action, a.patientId, a.actorAccountId])).toEqual([
      ['download_formulaire', id, t.pharmacy.id],
      ['download_bilan', id, t.pharmacy.id],
    ]);
  });

  it("answers another pharmacy's form exactly as a form that does not exist, and audits nothing", async () => {
    const missing = await get('/api/pdf-download/999999/bilan', tokenA);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'pdf_not_found', message: 'PDF introuvable.', error: 'PDF introuvable.' });
    for (const kind of ['formulaire', 'bilan']) {
      const other = await get(`/api/pdf-download/${formB.patientId}/${kind}`, tokenA);
      expect(other.statusCode).toBe(404);
      expect(other.body).toBe(missing.body);
    }
    for (const url of ['/api/pdf-download/abc/bilan', `/api/pdf-download/${formsA[0]?.patientId}/autre`, '/api/pdf-download/0/bilan']) {
      expect((await get(url, tokenA)).body).toBe(missing.body);
    }
    expect(audits()).toEqual([]);
  });

  it('refuses without a token, and refuses an admin (no patients of its own)', async () => {
    expect((await get(`/api/pdf-download/${formsA[0]?.patientId}/bilan`)).statusCode).toBe(401);
    const admin = await createAdmin(t.app);
    const adminToken = await login(t.app, admin.email, undefined, '10.0.0.5');
    expect((await get(`/api/pdf-download/${formsA[0]?.patientId}/bilan`, adminToken)).statusCode).toBe(403);
  });
});

describe('GET /api/utilisateurs/export', () => {
  it("streams the caller's forms as donnees_utilisateurs.xlsx, one sheet per band, one labelled column per question", async () => {
    const res = await get('/api/utilisateurs/export', tokenA);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="donnees_utilisateurs.xlsx"');
    expect(res.headers['cache-control']).toBe('no-store');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['18-25 ans', '45-50 ans', '60-65 ans', '70-75 ans']);
    const sheet = wb.getWorksheet('45-50 ans');
    if (!sheet) throw new Error('no 45-50 sheet');
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    const def = latestDefinition('45to50');
    const columns = columnsOf(def);
    expect(header.slice(7)).toEqual(columns.map((c) => c.header));
    expect(columns.length).toBe(fieldsOf(def).size);
    expect(header.some((h) => h.includes(' — '))).toBe(true);
    expect(sheet.rowCount).toBe(4);
    const names = [2, 3, 4].map((r) => String(sheet.getRow(r).getCell(2).value));
    expect(names.sort()).toEqual(['LEROY', 'Lefèvre', 'Martin'].sort());
    expect(names).not.toContain('Autre');
    // Every answer of the typical set sits under its own question's column.
    const row = [2, 3, 4].map((r) => sheet.getRow(r)).find((r) => r.getCell(2).value === 'Lefèvre');
    const answers = formsA[0]?.answers ?? {};
    let checked = 0;
    columns.forEach((c, i) => {
      const value = answers[c.section]?.[c.key];
      if (value === undefined) return;
      const cell = row?.getCell(8 + i).value;
      const labels = catalogueOf(def).fields.get(c.key)?.values;
      // A stored answer string reads as its catalogue label ("Moins de 6 h par nuit" for "Moins de 6h par nuit").
      const expected =
        typeof value === 'boolean' ? (value ? 'Oui' : 'Non') : Array.isArray(value) ? value.map((v) => labels?.get(v)).join(', ') : typeof value === 'string' ? (labels?.get(value) ?? value) : value;
      expect(cell, c.key).toEqual(expected);
      checked++;
    });
    expect(checked).toBeGreaterThan(5);
    expect(audits().map((a) => [a.action, a.actorAccountId, JSON.parse(a.detail ?? '{}').rows])).toEqual([['export', t.pharmacy.id, 3]]);
  });

  it("another pharmacy's export holds only its own form", async () => {
    const res = await get('/api/utilisateurs/export', tokenB);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('45-50 ans');
    expect(sheet?.rowCount).toBe(2);
    expect(sheet?.getRow(2).getCell(2).value).toBe('Autre');
  });
});

describe('QR code and poster', () => {
  it("encodes the pharmacy's patient link and prints it on an A4 poster", async () => {
    const svg = await get('/api/dashboard/qrcode.svg', tokenA);
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.body).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    const poster = await get('/api/dashboard/poster.pdf', tokenA);
    expect(poster.statusCode).toBe(200);
    const text = pdfText(poster.rawPayload);
    expect(text).toContain('Pharmacie de l’Étoile');
    expect(text).toContain('http://bilan.test/pharmacie-test/userform');
    const info = execFileSync('pdfinfo', ['-'], { input: poster.rawPayload, encoding: 'utf8' });
    expect(info).toMatch(/Page size:\s+595\.\d+ x 841\.\d+ pts \(A4\)/);
  });
});

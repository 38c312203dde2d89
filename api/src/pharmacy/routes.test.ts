import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import ExcelJS from 'exceljs';
import { catalogueOf, fieldsOf, normalize, recordPages, reportOf, type Answers } from '@bilan/engine';
import { fixtureOf } from '@bilan/fixtures';
import { optionOf } from '@bilan/engine/testing';
import { auth, buildTestApp, registerPatient, TEST_NOW, type TestApp } from '../../test/helpers';
import { latestDefinition } from '../questionnaire/definitions';
import { auditLog } from '../../test/tables';
import { columnsOf } from './exportWorkbook';
import { createAdmin, enableLogin, login, submittedForm } from '../../test/accounts';
import { pdfText } from '../../test/pdfText';
import { readWorkbook } from '../../test/readers';
import { insertFormsThrough } from '../../test/reliability/bulkForms';

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
    await submittedForm(t.app, t.pharmacy.id, {
      lastName: 'Lefèvre',
      firstName: 'Zoé',
      submittedAt: '2026-03-10T08:00:00.000Z',
    }),
    await submittedForm(t.app, t.pharmacy.id, {
      lastName: 'Martin',
      firstName: 'Paul',
      submittedAt: '2026-03-02T08:00:00.000Z',
    }),
    await submittedForm(t.app, t.pharmacy.id, {
      lastName: 'LEROY',
      firstName: 'Anne',
      submittedAt: '2026-02-27T08:00:00.000Z',
    }),
  ];
  formB = await submittedForm(t.app, t.otherPharmacy.id, {
    lastName: 'Autre',
    firstName: 'Jean',
    submittedAt: '2026-03-09T08:00:00.000Z',
  });
  tokenA = await login(t.app, t.pharmacy.email);
  tokenB = await login(t.app, t.otherPharmacy.email, undefined, '10.0.0.9');
});
afterEach(async () => {
  await t.close();
});

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? auth(token) : {} });
const audits = async () => t.app.store.db.select().from(auditLog).orderBy(auditLog.id);
/** « Bilan réalisé » (issue 40): the act recorded from the form's page, the pharmacy's department set first. */
const recordAct = async (id: unknown, token = tokenA) => {
  await t.app.inject({
    method: 'PUT',
    url: '/api/dashboard/settings',
    headers: auth(token),
    payload: { address: '', phone: '', department: '75' },
  });
  return t.app.inject({ method: 'POST', url: `/api/forms/${String(id)}/acts`, headers: auth(token) });
};

type Listed = {
  id: number;
  nom: string;
  prenom: string;
  priorityCount: number;
  priorities: string[];
  triage: 'urgent' | 'review' | null;
  flags: { title: string; level: 'urgent' | 'review' }[];
  bilanDoneAt: string | null;
};
const names = (body: { records: Listed[] }) => body.records.map((r) => r.nom);
const list = async (query = '', token = tokenA) => {
  const res = await get(`/api/responses/grouped${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    records: Listed[];
    counts: Record<string, number | null>;
    month: string;
    scope: string;
    page: number;
    pageSize: number;
    total: number;
  };
};

/** Answers of the typical 45-50 set with suicidal thoughts ticked: the report's top priority. */
function worriedAnswers(): Answers {
  const calm = fixtureOf('45to50', 'typical').expected.normalized;
  const mental = calm.addictionAndMentalHealth ?? {};
  return normalize(latestDefinition('45to50'), {
    ...calm,
    addictionAndMentalHealth: { ...mental, noSuicidalThoughts: false, suicidalThoughts: true },
  }).answers;
}

describe('GET /api/responses/grouped', () => {
  it("lists the caller's submitted forms of the current month, newest first, with the header's counts", async () => {
    const started = await registerPatient(t); // in progress: not the pharmacy's yet, neither listed nor counted
    const res = await get('/api/responses/grouped', tokenA);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(names(body)).toEqual(['Lefèvre', 'Martin']);
    expect(body.records[0]).toEqual({
      id: formsA[0]?.patientId,
      _id: String(formsA[0]?.patientId),
      nom: 'Lefèvre',
      prenom: 'Zoé',
      date_naissance: '1978-05-02',
      date_formulaire: '2026-03-10T08:00:00.000Z',
      ageGroup: '45to50',
      priorityCount: 0,
      priorities: [],
      triage: null,
      flags: [],
      bilanDoneAt: null,
    });
    expect(body.counts).toEqual({ today: 1, month: 2, urgent: 0, review: 0, priority: 0, done: 0 });
    expect(JSON.stringify(body)).not.toContain(`"id":${started.userId},`);
    expect(body).not.toHaveProperty('inProgress');
    expect(body).toMatchObject({ month: '2026-03', scope: 'month', page: 1, pageSize: 50, total: 2 });
    expect(names(await list('', tokenB))).toEqual(['Autre']);
  });

  it('lists every month with month=all, and one month with month=YYYY-MM', async () => {
    expect(names(await list('?month=all'))).toEqual(['Lefèvre', 'Martin', 'LEROY']);
    const feb = await list('?month=2026-02');
    expect(names(feb)).toEqual(['LEROY']);
    expect(feb.counts).toMatchObject({ today: null, month: 1 });
    const empty = await list('?month=2025-11');
    expect(empty).toMatchObject({ records: [], total: 0, counts: { month: 0, today: null } });
    // The calendar the dashboard counts in: 2000-01 to 2100-12 (9999-12 once answered a 500).
    expect((await list('?month=2000-01')).records).toEqual([]);
    expect((await list('?month=2100-12')).records).toEqual([]);
    for (const bad of [
      '?month=9999-12',
      '?month=1999-12',
      '?month=2101-01',
      '?month=0000-01',
      '?month=2026-13',
      '?page=0',
      '?page=abc',
      '?sort=random',
      '?q=' + 'x'.repeat(101),
      '?other=1',
    ]) {
      const res = await get(`/api/responses/grouped${bad}`, tokenA);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().code, bad).toBeTypeOf('string');
    }
  });

  it('searches first and last names without regard to case or accents, and dates of birth', async () => {
    await submittedForm(t.app, t.pharmacy.id, {
      lastName: 'Durand',
      firstName: 'Hélène',
      submittedAt: '2026-03-09T08:00:00.000Z',
    });
    await submittedForm(t.app, t.pharmacy.id, {
      lastName: 'Œillet-Dupré',
      firstName: 'Jean-Noël',
      submittedAt: '2026-03-08T08:00:00.000Z',
    });
    expect(names(await list('?month=all&q=le'))).toEqual(['Lefèvre', 'Durand', 'Œillet-Dupré', 'LEROY']);
    expect(names(await list('?month=all&q=LEFEVRE'))).toEqual(['Lefèvre']);
    expect(names(await list('?month=all&q=lef%C3%A8vre'))).toEqual(['Lefèvre']);
    expect(names(await list('?q=helene'))).toEqual(['Durand']);
    expect(names(await list('?q=H%C3%A9l%C3%A8ne'))).toEqual(['Durand']);
    expect(names(await list('?q=zoe%20lefevre'))).toEqual(['Lefèvre']);
    expect(names(await list('?q=oeillet%20jean%20noel'))).toEqual(['Œillet-Dupré']);
    expect(names(await list('?q=%25'))).toEqual([]);
    expect(names(await list('?q=02%2F05%2F1978'))).toHaveLength(4);
    expect(names(await list('?q=1978-05-02'))).toHaveLength(4);
    expect(names(await list('?q=31%2F02%2F1978'))).toEqual([]);
  });

  it('pages by 50 and sorts by date or by name', async () => {
    for (let i = 0; i < 53; i++) {
      await submittedForm(t.app, t.pharmacy.id, {
        lastName: `Zed${String(i).padStart(2, '0')}`,
        firstName: 'Ana',
        submittedAt: `2026-03-05T08:${String(i).padStart(2, '0')}:00.000Z`,
      });
    }
    const first = await list('?month=2026-03');
    expect(first.records).toHaveLength(50);
    expect(first.total).toBe(55);
    const second = await list('?month=2026-03&page=2');
    expect(second.records).toHaveLength(5);
    expect(new Set([...first.records, ...second.records].map((r) => r.id)).size).toBe(55);
    const byName = await list('?month=2026-03&sort=name');
    expect(names(byName).slice(0, 3)).toEqual(['Lefèvre', 'Martin', 'Zed00']);
    expect(names(await list('?month=2026-03&sort=date')).slice(0, 2)).toEqual(['Lefèvre', 'Zed52']);
  });

  it('lists a form with an urgent signal first within its month, with its reasons, and counts it until the bilan is done', async () => {
    const worried = await submittedForm(t.app, t.pharmacy.id, {
      lastName: 'Durand',
      firstName: 'Luc',
      submittedAt: '2026-03-01T07:00:00.000Z',
      answers: worriedAnswers(),
    });
    const expected = reportOf({
      definition: latestDefinition('45to50'),
      answers: worried.answers,
      date: new Date('2026-03-01T07:00:00.000Z'),
      patient: { civility: 'Madame', birthDate: '1978-05-02' },
    })
      .findings.filter((f) => f.level === 'priority')
      .map((f) => f.title);
    expect(expected).toContain('Idées suicidaires ou tentative de suicide');
    const body = await list();
    expect(names(body)).toEqual(['Durand', 'Lefèvre', 'Martin']);
    expect(body.records[0]).toMatchObject({
      priorityCount: expected.length,
      priorities: expected,
      triage: 'urgent',
      flags: expected.map((title) => ({ title, level: 'urgent' })),
    });
    expect(body.counts).toMatchObject({ month: 3, urgent: 1, review: 0, priority: 1, done: 0 });
    // Every month: the newest month first, the priority first within it.
    expect(names(await list('?month=all'))).toEqual(['Durand', 'Lefèvre', 'Martin', 'LEROY']);
    // Once the bilan is done it takes its place by date again.
    expect((await recordAct(worried.patientId)).statusCode).toBe(201);
    const after = await list();
    expect(names(after)).toEqual(['Lefèvre', 'Martin', 'Durand']);
    expect(after.counts).toMatchObject({ urgent: 0, review: 0, priority: 0, done: 1 });
    // D32: the form keeps its level once done (only the waiting stops).
    expect(after.records[2]).toMatchObject({ triage: 'urgent', priorities: expected });
  });

  it('puts « Urgent » forms first, the oldest first, then « À voir », then the rest, and does not flag a transport difficulty', async () => {
    const def45 = latestDefinition('45to50');
    const calm = fixtureOf('45to50', 'typical').expected.normalized;
    const low = (field: string, index: number) => optionOf(def45, field, index);
    // A positive PHQ-2 alone: « À voir ».
    const sad = normalize(def45, {
      ...calm,
      addictionAndMentalHealth: {
        ...calm.addictionAndMentalHealth,
        interestFrequency: low('interestFrequency', 3),
        sadnessFrequency: low('sadnessFrequency', 3),
      },
    }).answers;
    const def70 = latestDefinition('70to75');
    const calm70 = fixtureOf('70to75', 'typical').expected.normalized;
    const transportSection = [...fieldsOf(def70)].find(([key]) => key === 'transportAlone')?.[1].section ?? '';
    const transport = normalize(def70, {
      ...calm70,
      [transportSection]: { ...calm70[transportSection], transportAlone: true },
    }).answers;
    await submittedForm(t.app, t.pharmacy.id, {
      lastName: 'Urgent-ancien',
      firstName: 'A',
      submittedAt: '2026-03-02T07:00:00.000Z',
      answers: worriedAnswers(),
    });
    await submittedForm(t.app, t.pharmacy.id, {
      lastName: 'Avoir',
      firstName: 'B',
      submittedAt: '2026-03-09T07:00:00.000Z',
      answers: sad,
    });
    await submittedForm(t.app, t.pharmacy.id, {
      lastName: 'Urgent-récent',
      firstName: 'C',
      submittedAt: '2026-03-08T07:00:00.000Z',
      answers: worriedAnswers(),
    });
    await submittedForm(t.app, t.pharmacy.id, {
      lastName: 'Transport',
      firstName: 'D',
      submittedAt: '2026-03-10T09:00:00.000Z',
      band: '70to75',
      answers: transport,
    });
    const body = await list();
    expect(names(body)).toEqual(['Urgent-ancien', 'Urgent-récent', 'Avoir', 'Transport', 'Lefèvre', 'Martin']);
    expect(body.records.map((r) => r.triage)).toEqual(['urgent', 'urgent', 'review', null, null, null]);
    expect(body.records[2]?.flags).toEqual([
      { title: 'Humeur\u00a0: score PHQ-2 positif (3 ou plus)', level: 'review' },
    ]);
    expect(body.counts).toMatchObject({ month: 6, urgent: 2, review: 1, priority: 3 });
    // The sort by date ignores the levels.
    expect(names(await list('?sort=date'))[0]).toBe('Transport');
  });

  it('writes who listed what and when in the audit log', async () => {
    await get('/api/responses/grouped?q=mar', tokenA);
    const rows = (await audits()).filter((a) => a.action === 'list_forms');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorAccountId: t.pharmacy.id, createdAt: TEST_NOW.toISOString() });
    expect(JSON.parse(rows[0]?.detail ?? '{}')).toMatchObject({
      q: 'mar',
      count: 1,
      patientIds: [formsA[1]?.patientId],
    });
  });
});

describe('GET /api/forms/:id', () => {
  it("reads a form in the page: the patient, every page's answers, the report's findings and what is due", async () => {
    const worried = await submittedForm(t.app, t.pharmacy.id, {
      lastName: 'Durand',
      firstName: 'Luc',
      submittedAt: '2026-03-09T07:00:00.000Z',
      answers: worriedAnswers(),
    });
    const res = await get(`/api/forms/${worried.patientId}`, tokenA);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    const definition = latestDefinition('45to50');
    const record = {
      definition,
      answers: worried.answers,
      date: new Date('2026-03-09T07:00:00.000Z'),
      patient: { civility: 'Madame', birthDate: '1978-05-02' },
    };
    const report = reportOf(record);
    expect(body).toMatchObject({
      id: worried.patientId,
      nom: 'Durand',
      prenom: 'Luc',
      civilite: 'Madame',
      date_naissance: '1978-05-02',
      ageGroup: '45to50',
      bilanDoneAt: null,
    });
    expect(body.priorities).toContain('Idées suicidaires ou tentative de suicide');
    expect(body.findings.map((f: { title: string }) => f.title)).toEqual(report.findings.map((f) => f.title));
    expect(body.findings[0].why).toMatch(/^Pourquoi\u00a0: /);
    expect(body.findings[0].source).toMatch(/^Source\u00a0: /);
    expect(body.due.map((d: { title: string }) => d.title)).toEqual(report.due.map((d) => d.title));
    const pages = recordPages(record);
    expect(body.pages.map((p: { title: string }) => p.title)).toEqual(pages.map((p) => p.title));
    const lines = body.pages.flatMap((p: { parts: { lines: { label: string; answer: string }[] }[] }) =>
      p.parts.flatMap((part) => part.lines),
    );
    expect(lines.length).toBe(pages.flatMap((p) => p.lines).length);
    expect(lines.every((l: { answer: string }) => typeof l.answer === 'string' && l.answer !== '')).toBe(true);
    expect((await audits()).map((a) => [a.action, a.patientId])).toEqual([['view_form', worried.patientId]]);
  });

  it("answers another pharmacy's form, a form in progress and a wrong id as not found, and audits nothing", async () => {
    const started = await registerPatient(t);
    const missing = await get('/api/forms/999999', tokenA);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'form_not_found', message: 'Questionnaire introuvable.' });
    for (const id of [formB.patientId, started.userId, 'abc', '0', '-1', '1'.repeat(21)]) {
      const res = await get(`/api/forms/${id}`, tokenA);
      expect([400, 404], String(id)).toContain(res.statusCode);
      if (res.statusCode === 404) expect(res.body).toBe(missing.body);
    }
    expect(await audits()).toEqual([]);
    expect((await get(`/api/forms/${formsA[0]?.patientId}`)).statusCode).toBe(401);
  });
});

describe('« Bilan réalisé » on the dashboard (issue 40: the act)', () => {
  it('records the act today, shows the form done in the list, and waits again once the act is cancelled', async () => {
    const id = formsA[0]?.patientId;
    const done = await recordAct(id);
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json()).toMatchObject({ performedAt: TEST_NOW.toISOString(), status: 'realise', code: 'RDP' });
    expect((await list()).records.find((r) => r.id === id)?.bilanDoneAt).toBe(TEST_NOW.toISOString());
    expect((await list()).counts.done).toBe(1);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/acts/${done.json().id}/cancel`,
      headers: auth(tokenA),
      payload: { reason: 'Enregistré sur la mauvaise fiche' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await list()).records.find((r) => r.id === id)?.bilanDoneAt).toBeNull();
    expect((await list()).counts.done).toBe(0);
    expect((await audits()).map((a) => a.action).filter((a) => a !== 'list_forms')).toEqual([
      'record_act',
      'cancel_act',
    ]);
  });

  it("refuses another pharmacy's form (404) and no token (401), and changes nothing", async () => {
    expect((await recordAct(formB.patientId)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/forms/${formsA[0]?.patientId}/acts` })).statusCode).toBe(
      401,
    );
    expect((await list('?month=all', tokenB)).records[0]?.bilanDoneAt).toBeNull();
    expect((await list('?month=all')).records.every((r) => r.bilanDoneAt === null)).toBe(true);
    expect((await audits()).filter((a) => a.action !== 'list_forms')).toEqual([]);
  });
});

describe('GET /api/responses/latest', () => {
  it('tells how many forms the pharmacy received and the newest, without health data and without audit', async () => {
    const res = await get('/api/responses/latest', tokenA);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: 3, latestSubmittedAt: '2026-03-10T08:00:00.000Z' });
    await submittedForm(t.app, t.pharmacy.id, {
      lastName: 'Neuf',
      firstName: 'Ada',
      submittedAt: '2026-03-10T09:00:00.000Z',
    });
    expect((await get('/api/responses/latest', tokenA)).json()).toEqual({
      received: 4,
      latestSubmittedAt: '2026-03-10T09:00:00.000Z',
    });
    expect((await get('/api/responses/latest', tokenB)).json()).toEqual({
      received: 1,
      latestSubmittedAt: '2026-03-09T08:00:00.000Z',
    });
    expect((await get('/api/responses/latest')).statusCode).toBe(401);
    expect(await audits()).toEqual([]);
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
    expect((await audits()).map((a) => [a.action, a.patientId, a.actorAccountId])).toEqual([
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
    for (const url of [
      '/api/pdf-download/abc/bilan',
      `/api/pdf-download/${formsA[0]?.patientId}/autre`,
      '/api/pdf-download/0/bilan',
    ]) {
      expect((await get(url, tokenA)).body).toBe(missing.body);
    }
    expect(await audits()).toEqual([]);
  });

  it('refuses without a token, and refuses an admin (no patients of its own)', async () => {
    expect((await get(`/api/pdf-download/${formsA[0]?.patientId}/bilan`)).statusCode).toBe(401);
    const admin = await createAdmin(t.app);
    const adminToken = await login(t.app, admin.email, undefined, '10.0.0.5');
    expect((await get(`/api/pdf-download/${formsA[0]?.patientId}/bilan`, adminToken)).statusCode).toBe(403);
  });
});

describe('GET /api/utilisateurs/export', () => {
  it("streams the caller's forms as bilans-<pharmacie>-<AAAA-MM>.xlsx, one sheet per band, one short column title per question with the question whole in its note", async () => {
    const res = await get('/api/utilisateurs/export', tokenA);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="bilans-pharmacie-test-2026-03.xlsx"');
    expect(res.headers['cache-control']).toBe('no-store');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      '18-25 ans',
      '45-50 ans',
      '60-65 ans',
      '70-75 ans',
      'Bilans par mois',
    ]);
    const sheet = wb.getWorksheet('45-50 ans');
    if (!sheet) throw new Error('no 45-50 sheet');
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    const def = latestDefinition('45to50');
    const columns = columnsOf(def);
    expect(header.slice(0, 12)).toEqual([
      'Civilité',
      'Nom',
      'Prénom',
      'Date de naissance',
      'E-mail',
      'Date du formulaire',
      'Questionnaire (version)',
      'Triage',
      'Points signalés',
      'Bilan réalisé le',
      'IMC (kg/m²)',
      'Corpulence',
    ]);
    expect(header.slice(12)).toEqual(columns.map((c) => c.title));
    expect(header.every((h) => h.length <= 32)).toBe(true);
    // The question whole in each title's note.
    const notes = columns.map((_, i) => sheet.getRow(1).getCell(13 + i).note);
    expect(notes.map((n) => (typeof n === 'string' ? n : n?.texts?.map((x) => x.text).join('')))).toEqual(
      columns.map((c) => c.header),
    );
    expect(columns.some((c) => c.header.includes(' — '))).toBe(true);
    expect(columns.length).toBe(fieldsOf(def).size);
    // The header row stays in view; the widths fit the titles.
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getColumn(13).width).toBeGreaterThanOrEqual(12);
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
      const cell = row?.getCell(13 + i).value;
      const labels = catalogueOf(def).fields.get(c.key)?.values;
      // A stored answer string reads as its catalogue label ("Moins de 6 h par nuit" for "Moins de 6h par nuit").
      const expected =
        typeof value === 'boolean'
          ? value
            ? 'Oui'
            : 'Non'
          : Array.isArray(value)
            ? value.map((v) => labels?.get(v)).join(', ')
            : typeof value === 'string'
              ? (labels?.get(value) ?? value)
              : value;
      expect(cell, c.key).toEqual(expected);
      checked++;
    });
    expect(checked).toBeGreaterThan(5);
    expect((await audits()).map((a) => [a.action, a.actorAccountId, JSON.parse(a.detail ?? '{}').rows])).toEqual([
      ['export', t.pharmacy.id, 3],
    ]);
  });

  it('exports each form’s level and flags (kept once the bilan is done), the date each bilan was done, and the month by month counts', async () => {
    const worried = await submittedForm(t.app, t.pharmacy.id, {
      lastName: 'Durand',
      firstName: 'Luc',
      submittedAt: '2026-03-09T07:00:00.000Z',
      answers: worriedAnswers(),
    });
    expect((await recordAct(formsA[1]?.patientId)).statusCode).toBe(201);
    const res = await get('/api/utilisateurs/export', tokenA);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('45-50 ans');
    const rowOf = (name: string) => [2, 3, 4, 5].map((r) => sheet?.getRow(r)).find((r) => r?.getCell(2).value === name);
    expect(rowOf('Durand')?.getCell(8).value).toBe('Urgent');
    expect(String(rowOf('Durand')?.getCell(9).value)).toContain('Idées suicidaires ou tentative de suicide');
    expect(rowOf('Durand')?.getCell(10).value ?? null).toBeNull();
    expect(rowOf('Martin')?.getCell(8).value ?? null).toBeNull();
    expect(rowOf('Martin')?.getCell(9).value ?? null).toBeNull();
    // Real dates as Paris shows them (issue 40): the day the act was recorded, the form's date and hour, the birth date.
    expect(rowOf('Martin')?.getCell(10).value).toEqual(new Date('2026-03-10T00:00:00.000Z'));
    expect(rowOf('Durand')?.getCell(6).value).toEqual(new Date('2026-03-09T08:00:00.000Z'));
    expect(rowOf('Durand')?.getCell(6).numFmt).toBe('dd/mm/yyyy hh:mm');
    expect(rowOf('Durand')?.getCell(4).value).toEqual(new Date('1978-05-02T00:00:00.000Z'));
    expect(rowOf('Durand')?.getCell(4).numFmt).toBe('dd/mm/yyyy');
    // The BMI and its category by the report's own computation (the same thresholds as Bilan.pdf).
    const { computeBmiResult, assessmentOf, reportContextOf, BMI_CATEGORY_LABELS } = await import('@bilan/engine');
    const def = latestDefinition('45to50');
    const bmi = computeBmiResult(
      def,
      worried.answers,
      assessmentOf(def),
      reportContextOf({
        definition: def,
        answers: worried.answers,
        date: new Date('2026-03-09T07:00:00.000Z'),
        patient: { civility: 'Madame', birthDate: '1978-05-02' },
      }),
    );
    expect(bmi.status).toBe('evaluated');
    expect(rowOf('Durand')?.getCell(11).value).toBe(bmi.value);
    expect(rowOf('Durand')?.getCell(12).value).toBe(BMI_CATEGORY_LABELS[bmi.category ?? 'normal']);
    // D32: a form keeps its level in the export once its bilan is done.
    expect((await recordAct(worried.patientId)).statusCode).toBe(201);
    const again = new ExcelJS.Workbook();
    await again.xlsx.load((await get('/api/utilisateurs/export', tokenA)).rawPayload as unknown as ArrayBuffer);
    const durand = [2, 3, 4, 5]
      .map((r) => again.getWorksheet('45-50 ans')?.getRow(r))
      .find((r) => r?.getCell(2).value === 'Durand');
    expect(durand?.getCell(8).value).toBe('Urgent');
    expect(String(durand?.getCell(9).value)).toContain('Idées suicidaires ou tentative de suicide');
    const months = wb.getWorksheet('Bilans par mois');
    const table = [1, 2, 3].map((r) => (months?.getRow(r).values as unknown[]).slice(1));
    expect(table).toEqual([
      ['Mois', 'Questionnaires reçus', 'Bilans réalisés'],
      ['2026-02', 1, 0],
      ['2026-03', 3, 1],
    ]);
  });

  it('writes every form once when they come in several batches, oldest first, the same second included', async () => {
    const people = Array.from({ length: 450 }, (_, i) => ({
      lastName: `Lot${String(i).padStart(3, '0')}`,
      firstName: 'Ana',
      // Ten forms share each second: the batches follow (date, id), not the date alone.
      submittedAt: new Date(Date.parse('2026-03-01T08:00:00.000Z') + Math.floor(i / 10) * 1000).toISOString(),
      band: (i % 3 === 0 ? '18to25' : '45to50') as '18to25' | '45to50',
    }));
    await insertFormsThrough(t.app, t.pharmacy.id, people, TEST_NOW);
    const res = await get('/api/utilisateurs/export', tokenA);
    expect(res.statusCode).toBe(200);
    const sheets = await readWorkbook(res.rawPayload);
    const names = (sheet: string) => (sheets[sheet] ?? []).slice(1).map((r) => String(r[1]));
    const young = names('18-25 ans');
    const middle = names('45-50 ans');
    expect(young).toEqual(people.filter((p) => p.band === '18to25').map((p) => p.lastName));
    expect(middle.filter((n) => n.startsWith('Lot'))).toEqual(
      people.filter((p) => p.band === '45to50').map((p) => p.lastName),
    );
    expect(middle).toHaveLength(300 + 3);
    expect((await audits()).filter((a) => a.action === 'export').map((a) => JSON.parse(a.detail ?? '{}').rows)).toEqual(
      [453],
    );
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
    // The ages the bilan is for (issue 34), from the bands of the definitions.
    expect(text).toMatch(/Pour les 18-25, 45-50, 60-65 et 70-75\s+ans/);
    const info = execFileSync('pdfinfo', ['-'], { input: poster.rawPayload, encoding: 'utf8' });
    expect(info).toMatch(/Page size:\s+595\.\d+ x 841\.\d+ pts \(A4\)/);
  });
});

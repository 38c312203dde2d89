import { describe, expect, it } from 'vitest';
import { fixtureOf } from '@bilan/fixtures';
import { normalize, reportOf } from '@bilan/engine';
import { auth, registerPatient } from '../../test/helpers';
import { eachAppWithPharmacyLogin, submittedForm } from '../../test/accounts';
import { latestDefinition } from '../questionnaire/definitions';
import { backfillTriage } from './backfillTriage';
import { TRIAGE_KEY } from '../questionnaire/triage';
import { sqlAll, sqlRun } from '../../test/sql';

const t = eachAppWithPharmacyLogin();

const triageColumns = async () =>
  (await sqlAll(
    t.app,
    'SELECT status, submitted_month AS month, priority_count AS count, priority_flags AS flags FROM forms ORDER BY id',
  )) as {
    status: string;
    month: string | null;
    count: number | null;
    flags: string | null;
  }[];

describe('the triage of a submitted form', () => {
  it('is stored by the finishing call, with the titles of the priority findings of Bilan.pdf', async () => {
    const typical = fixtureOf('45to50', 'typical');
    const { token } = await registerPatient(t);
    const mental = typical.answers?.addictionAndMentalHealth ?? {};
    const answers = {
      ...typical.answers,
      addictionAndMentalHealth: { ...mental, noSuicidalThoughts: false, suicidalThoughts: true },
    };
    for (const [pageKey, reponses] of Object.entries(answers)) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/utilisateur/me/responses',
        headers: auth(token),
        payload: { pageKey, reponses },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const done = await t.app.inject({ method: 'POST', url: '/api/utilisateur/me/submit', headers: auth(token) });
    expect(done.statusCode, done.body).toBe(200);
    const [row] = await triageColumns();
    expect(row?.status).toBe('submitted');
    expect(row?.month).toBe('2026-03');
    const titles = (JSON.parse(row?.flags ?? '[]') as { title: string }[]).map((f) => f.title);
    expect(titles).toContain('Idées suicidaires ou tentative de suicide');
    expect(row?.count).toBe(titles.length);
  });

  it('is filled at start for forms submitted before it was stored, once, and a form in progress keeps none', async () => {
    const def = latestDefinition('45to50');
    const calm = fixtureOf('45to50', 'typical').expected.normalized;
    const worried = normalize(def, {
      ...calm,
      addictionAndMentalHealth: { ...calm.addictionAndMentalHealth, noSuicidalThoughts: false, suicidalThoughts: true },
    }).answers;
    await submittedForm(t.app, t.pharmacy.id, {
      lastName: 'Durand',
      firstName: 'Luc',
      submittedAt: '2026-02-28T23:30:00.000Z',
      answers: worried,
    });
    await submittedForm(t.app, t.pharmacy.id, {
      lastName: 'Martin',
      firstName: 'Paul',
      submittedAt: '2026-03-02T08:00:00.000Z',
    });
    await registerPatient(t);
    const stored = await triageColumns();
    await sqlRun(t.app, 'UPDATE forms SET submitted_month = NULL, priority_count = NULL, priority_flags = NULL');

    expect(await backfillTriage(t.app.store)).toBe(2);
    expect(await triageColumns()).toEqual(stored);
    // 23:30 UTC on 28 February is 00:30 on 1 March in Paris.
    expect((await triageColumns())[0]?.month).toBe('2026-03');
    const expected = reportOf({
      definition: def,
      answers: worried,
      date: new Date('2026-02-28T23:30:00.000Z'),
      patient: { civility: 'Madame', birthDate: '1978-05-02' },
    }).findings.filter((f) => f.level === 'priority').length;
    expect((await triageColumns())[0]?.count).toBe(expected);
    expect((await triageColumns())[1]?.count).toBe(0);
    expect((await triageColumns())[2]).toEqual({ status: 'in_progress', month: null, count: null, flags: null });
    expect(await backfillTriage(t.app.store)).toBe(0);
  });

  it('triages stored forms again when the triage table changed since (another key), and only those', async () => {
    const def = latestDefinition('45to50');
    const calm = fixtureOf('45to50', 'typical').expected.normalized;
    const worried = normalize(def, {
      ...calm,
      addictionAndMentalHealth: { ...calm.addictionAndMentalHealth, noSuicidalThoughts: false, suicidalThoughts: true },
    }).answers;
    await submittedForm(t.app, t.pharmacy.id, {
      lastName: 'Durand',
      firstName: 'Luc',
      submittedAt: '2026-03-02T08:00:00.000Z',
      answers: worried,
    });
    await submittedForm(t.app, t.pharmacy.id, {
      lastName: 'Martin',
      firstName: 'Paul',
      submittedAt: '2026-03-02T09:00:00.000Z',
    });
    const levels = async () =>
      (await sqlAll(t.app, 'SELECT triage_rank AS rank, triage_key AS key FROM forms ORDER BY id')) as {
        rank: number;
        key: string;
      }[];
    expect(await levels()).toEqual([
      { rank: 2, key: TRIAGE_KEY },
      { rank: 0, key: TRIAGE_KEY },
    ]);
    // As a form triaged with an older table would be: another key, flags without levels.
    await sqlRun(
      t.app,
      `UPDATE forms SET triage_rank = 1, triage_key = 'an-older-table', priority_flags = '[{"id":"suicide-thoughts","title":"Idées"}]' WHERE id = (SELECT min(id) FROM forms)`,
    );
    expect(await backfillTriage(t.app.store)).toBe(1);
    expect(await levels()).toEqual([
      { rank: 2, key: TRIAGE_KEY },
      { rank: 0, key: TRIAGE_KEY },
    ]);
    const [flags] = (await sqlAll(t.app, 'SELECT priority_flags AS flags FROM forms ORDER BY id')) as {
      flags: string;
    }[];
    expect(JSON.parse(flags?.flags ?? '[]')).toContainEqual({
      id: 'suicide-thoughts',
      title: 'Idées suicidaires ou tentative de suicide',
      level: 'urgent',
    });
    expect(await backfillTriage(t.app.store)).toBe(0);
  });
});

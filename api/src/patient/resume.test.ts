import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixtureOf } from '@bilan/fixtures';
import {
  auth,
  BIRTH_DATES,
  buildTestApp,
  registerPatient,
  saveTypicalPages,
  snapshot,
  type TestApp,
} from '../../test/helpers';
import { sqlGet } from '../../test/sql';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await t.close();
});

const [, birthMonth, birthDay] = BIRTH_DATES['45to50'].split('-').map(Number) as [number, number, number];
const wrongDay = (birthDay % 28) + 1;

const resume = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/utilisateur/me/resume', headers: auth(token), payload });
const count = async (table: string) => ((await sqlGet(t.app, `SELECT count(*) AS n FROM ${table}`)) as { n: number }).n;

async function patientWithAPage() {
  const patient = await registerPatient(t);
  const [pageKey, reponses] = Object.entries(fixtureOf('45to50', 'typical').answers)[0] ?? [];
  const saved = await t.app.inject({
    method: 'PATCH',
    url: '/api/utilisateur/me/responses',
    headers: auth(patient.token),
    payload: { pageKey, reponses },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return { ...patient, pageKey: pageKey ?? '' };
}

describe('POST /api/utilisateur/me/resume (D31)', () => {
  it('answers the record only for the day and month of birth given at registration', async () => {
    const { token, pageKey } = await patientWithAPage();
    const wrong = await resume(token, { jour: wrongDay, mois: birthMonth });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ code: 'wrong_birth_date', details: { triesLeft: 2 } });
    expect(wrong.body).not.toContain('Zoé');
    const right = await resume(token, { jour: birthDay, mois: birthMonth });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toMatchObject({ prenom: 'Zoé', status: 'in_progress', savedPages: [pageKey] });
    expect(Object.keys(right.json().reponses)).toEqual([pageKey]);
  });

  it('counts wrong tries in a row: a right one starts the count again', async () => {
    const { token } = await patientWithAPage();
    expect((await resume(token, { jour: wrongDay, mois: birthMonth })).json().details).toEqual({ triesLeft: 2 });
    expect((await resume(token, { jour: birthDay, mois: (birthMonth % 12) + 1 })).json().details).toEqual({
      triesLeft: 1,
    });
    expect((await resume(token, { jour: birthDay, mois: birthMonth })).statusCode).toBe(200);
    expect((await resume(token, { jour: wrongDay, mois: birthMonth })).json().details).toEqual({ triesLeft: 2 });
  });

  it('erases the form at the third wrong try, and refuses its token from then on', async () => {
    const { token } = await patientWithAPage();
    await registerPatient(t, { prenom: 'Autre' });
    for (const left of [2, 1])
      expect((await resume(token, { jour: wrongDay, mois: birthMonth })).json().details).toEqual({ triesLeft: left });
    const third = await resume(token, { jour: wrongDay, mois: birthMonth });
    expect(third.statusCode).toBe(401);
    expect(third.json().code).toBe('resume_closed');
    expect(await count('patients')).toBe(1);
    expect(await count('forms')).toBe(1);
    for (const request of [
      { method: 'GET', url: '/api/utilisateur/me' },
      { method: 'POST', url: '/api/utilisateur/me/resume', payload: { jour: birthDay, mois: birthMonth } },
    ] as const) {
      const res = await t.app.inject({ ...request, headers: auth(token) });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('session_expired');
    }
  });

  it('counts exactly three of ten concurrent wrong answers, then the form is erased', async () => {
    // Issue 41, point 8: on PostgreSQL, concurrent tries read a stale count: ten wrong answers at
    // once were compared six times. The count and the erase are one conditional update.
    const { token } = await patientWithAPage();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/utilisateur/me/resume',
          headers: auth(token),
          payload: { jour: wrongDay, mois: birthMonth },
          remoteAddress: `198.51.100.${i + 1}`,
        }),
      ),
    );
    const wrong = answers.filter((r) => r.statusCode === 422).map((r) => r.json().details.triesLeft as number);
    expect(wrong.sort()).toEqual([1, 2]);
    expect(answers.filter((r) => r.statusCode === 401 && r.json().code === 'resume_closed').length).toBeGreaterThan(0);
    expect(answers.every((r) => r.statusCode === 422 || r.statusCode === 401)).toBe(true);
    expect(await count('patients')).toBe(0);
    expect(await count('forms')).toBe(0);
  });

  it.each([
    ['a day of 32', { jour: 32, mois: 1 }],
    ['a month of 0', { jour: 1, mois: 0 }],
    ['a text', { jour: '1er', mois: 1 }],
    ['a missing month', { jour: 1 }],
  ])('refuses %s without counting a try', async (_, payload) => {
    const { token } = await patientWithAPage();
    const before = await snapshot(t.app);
    const res = await resume(token, payload);
    expect(res.statusCode).toBe(400);
    expect(await snapshot(t.app)).toEqual(before);
  });
});

describe('DELETE /api/utilisateur/me (D31)', () => {
  it('deletes the form in progress and its patient, and the token is no session any more', async () => {
    const { token } = await patientWithAPage();
    const other = await registerPatient(t, { prenom: 'Autre' });
    const res = await t.app.inject({ method: 'DELETE', url: '/api/utilisateur/me', headers: auth(token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'erased' });
    expect(await sqlGet(t.app, 'SELECT count(*) AS n, min(id) AS id FROM patients')).toEqual({
      n: 1,
      id: other.userId,
    });
    expect(await count('forms')).toBe(1);
    const after = await t.app.inject({ method: 'GET', url: '/api/utilisateur/me', headers: auth(token) });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('session_expired');
  });

  it('keeps a finished form: its token is refused before anything is deleted', async () => {
    const { token } = await registerPatient(t);
    await saveTypicalPages(t, token);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/utilisateur/me/submit', headers: auth(token) })).statusCode,
    ).toBe(200);
    const res = await t.app.inject({ method: 'DELETE', url: '/api/utilisateur/me', headers: auth(token) });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('form_submitted');
    expect(await sqlGet(t.app, 'SELECT status FROM forms')).toEqual({ status: 'submitted' });
  });
});

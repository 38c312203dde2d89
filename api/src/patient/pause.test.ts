import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixtureOf } from '@bilan/fixtures';
import { auth, BIRTH_DATES, buildTestApp, registerPatient, snapshot, type TestApp } from '../../test/helpers';

/** D39: the shared-tablet guard on the server; the pause (PATIENT_PAUSE_SECONDS) runs on app.clock(). */
let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await t.close();
});

const PAUSE_MS = 300_000;
const [, birthMonth, birthDay] = BIRTH_DATES['45to50'].split('-').map(Number) as [number, number, number];
const [pageKey, reponses] = Object.entries(fixtureOf('45to50', 'typical').answers)[0] ?? [];

const call = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) });
const me = (token: string) => call(token, 'GET', '/api/utilisateur/me');
const save = (token: string) => call(token, 'PATCH', '/api/utilisateur/me/responses', { pageKey, reponses });
const stillHere = (token: string) => call(token, 'POST', '/api/utilisateur/me/still-here', {});
const resume = (token: string, jour: number, mois = birthMonth) =>
  call(token, 'POST', '/api/utilisateur/me/resume', { jour, mois });

/** Every patient route but the resume, each as a client calls it. */
const guarded = (token: string) => [
  me(token),
  save(token),
  stillHere(token),
  call(token, 'POST', '/api/utilisateur/me/submit'),
  call(token, 'DELETE', '/api/utilisateur/me'),
  call(token, 'POST', '/api/pdf/generate-bilan', {}),
  call(token, 'POST', '/api/pdf/fill-pdf', {}),
  call(token, 'POST', '/api/email/pharmacie-test/send-email', {}),
];

async function pausedPatient() {
  const { token } = await registerPatient(t);
  expect((await save(token)).statusCode).toBe(200);
  t.advanceClock(PAUSE_MS + 1_000);
  return token;
}

describe('the pause of a patient token (D39)', () => {
  it('answers 401 resume_required on every patient route but the resume, and changes nothing', async () => {
    const token = await pausedPatient();
    const before = await snapshot(t.app);
    for (const res of await Promise.all(guarded(token))) {
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json()).toMatchObject({
        code: 'resume_required',
        message: expect.stringContaining('jour et votre mois de naissance'),
      });
      expect(res.body).not.toContain('Zoé');
    }
    expect(await snapshot(t.app)).toEqual(before);
  });

  it('opens again with the right day and month of birth, and the pause starts again from the resume', async () => {
    const token = await pausedPatient();
    const right = await resume(token, birthDay);
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toMatchObject({ prenom: 'Zoé', savedPages: [pageKey] });
    expect((await me(token)).statusCode).toBe(200);
    expect((await save(token)).statusCode).toBe(200);
    t.advanceClock(PAUSE_MS - 1_000);
    expect((await me(token)).statusCode).toBe(200);
    t.advanceClock(2_000);
    expect((await me(token)).json().code).toBe('resume_required');
  });

  it('stays closed after a wrong day or month, which counts toward the three tries', async () => {
    const token = await pausedPatient();
    const wrong = await resume(token, (birthDay % 28) + 1);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ code: 'wrong_birth_date', details: { triesLeft: 2 } });
    expect((await me(token)).json().code).toBe('resume_required');
    expect((await resume(token, birthDay, (birthMonth % 12) + 1)).json().details).toEqual({ triesLeft: 1 });
    const third = await resume(token, (birthDay % 28) + 1);
    expect(third.json().code).toBe('resume_closed');
    expect((await me(token)).json().code).toBe('session_expired');
  });

  it('stays open while the person is active: saves and « still here » calls within the pause', async () => {
    const { token } = await registerPatient(t);
    t.advanceClock(PAUSE_MS - 1_000);
    expect((await save(token)).statusCode).toBe(200);
    t.advanceClock(PAUSE_MS - 1_000);
    const seen = await stillHere(token);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toEqual({ status: 'seen' });
    t.advanceClock(PAUSE_MS - 1_000);
    expect((await me(token)).statusCode).toBe(200);
    // Reading is no activity: the pause ran from the « still here » call.
    t.advanceClock(2_000);
    expect((await me(token)).json().code).toBe('resume_required');
  });

  it('counts the pause from the registration', async () => {
    const { token } = await registerPatient(t);
    t.advanceClock(PAUSE_MS);
    expect((await me(token)).statusCode).toBe(200);
    t.advanceClock(1_000);
    expect((await stillHere(token)).json().code).toBe('resume_required');
  });

  it.each<[string, { payload: unknown; contentType?: string; status: number; code: string }]>([
    ['a field', { payload: { encore: true }, status: 400, code: 'invalid_request' }],
    ['a list', { payload: [], status: 400, code: 'invalid_request' }],
    ['text', { payload: 'là', contentType: 'text/plain', status: 400, code: 'invalid_request' }],
  ])('refuses a « still here » call with %s as a JSON error, and changes nothing', async (_, c) => {
    const { token } = await registerPatient(t);
    t.advanceClock(PAUSE_MS - 1_000);
    const before = await snapshot(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/utilisateur/me/still-here',
      headers: { ...auth(token), 'content-type': c.contentType ?? 'application/json' },
      payload: typeof c.payload === 'string' ? c.payload : JSON.stringify(c.payload),
    });
    expect(res.statusCode, res.body).toBe(c.status);
    expect(res.json()).toMatchObject({ code: c.code, message: expect.any(String) });
    expect(await snapshot(t.app)).toEqual(before);
    // The refused call did not count as activity.
    t.advanceClock(2_000);
    expect((await me(token)).json().code).toBe('resume_required');
  });
});

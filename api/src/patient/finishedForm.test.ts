import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auth, buildTestApp, registerPatient, saveTypicalPages, snapshot, type TestApp } from '../../test/helpers';
import { sqlGet } from '../../test/sql';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await t.close();
});

/** Every route that takes a patient token (GET without body, the others with one). */
const patientCalls = [
  { method: 'GET', url: '/api/utilisateur/me' },
  {
    method: 'PATCH',
    url: '/api/utilisateur/me/responses',
    payload: { pageKey: 'physicalHealth', reponses: { height: 170 } },
  },
  { method: 'POST', url: '/api/utilisateur/me/submit' },
  { method: 'POST', url: '/api/pdf/fill-pdf', payload: {} },
  { method: 'POST', url: '/api/pdf/generate-bilan', payload: {} },
  { method: 'POST', url: '/api/email/pharmacie-test/send-email', payload: {} },
] as const;

const refusal = {
  code: 'form_submitted',
  message: 'Ce questionnaire a déjà été envoyé à votre pharmacie.',
  error: 'Ce questionnaire a déjà été envoyé à votre pharmacie.',
};

async function finishedPatient(): Promise<string> {
  const { token } = await registerPatient(t);
  await saveTypicalPages(t, token);
  const done = await t.app.inject({ method: 'POST', url: '/api/utilisateur/me/submit', headers: auth(token) });
  expect(done.statusCode, done.body).toBe(200);
  return token;
}

describe('a patient token once its form is finished (D23)', () => {
  it('is refused on every patient route with 401 form_submitted, answering no answer and storing nothing', async () => {
    const token = await finishedPatient();
    const before = await snapshot(t.app);
    for (const call of patientCalls) {
      const res = await t.app.inject({ ...call, headers: auth(token) });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(401);
      expect(res.json(), `${call.method} ${call.url}`).toEqual(refusal);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
    expect(await snapshot(t.app)).toEqual(before);
  });

  it('still opens every patient read and write while the form is in progress', async () => {
    const { token } = await registerPatient(t);
    const me = await t.app.inject({ method: 'GET', url: '/api/utilisateur/me', headers: auth(token) });
    expect(me.statusCode).toBe(200);
    const save = await t.app.inject({ ...patientCalls[1], headers: auth(token) });
    expect(save.statusCode, save.body).toBe(200);
    const pdf = await t.app.inject({ ...patientCalls[3], headers: auth(token) });
    expect(pdf.statusCode).toBe(200);
  });

  it('answers a retried finishing call with form_submitted, and the stored copy stays as it was', async () => {
    const token = await finishedPatient();
    const stored = await sqlGet(t.app, 'SELECT answers, submitted_at FROM forms');
    const again = await t.app.inject({ method: 'POST', url: '/api/utilisateur/me/submit', headers: auth(token) });
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('form_submitted');
    expect(await sqlGet(t.app, 'SELECT answers, submitted_at FROM forms')).toEqual(stored);
    // The PDFs are rendered just after the answer (reports/formPdfs.ts).
    await t.app.formPdfs.idle();
    expect(((await sqlGet(t.app, 'SELECT count(*) AS n FROM documents')) as { n: number }).n).toBe(2);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixtureOf } from '@bilan/fixtures';
import { latestDefinition } from '../questionnaire/definitions';
import { pdfInputOf } from './pdfInput';
import { pdfService } from './pdfService';
import {
  auth,
  buildTestApp,
  registerPatient,
  snapshot,
  storeAnswersAsIs,
  TEST_NOW,
  type TestApp,
} from '../../test/helpers';
import { foldedPdfText } from '../../test/pdfText';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await t.close();
});

const typical = fixtureOf('45to50', 'typical');

const text = foldedPdfText;

describe.each([
  ['/api/pdf/fill-pdf', 'Questionnaire.pdf', 'Questionnaire de prévention'],
  ['/api/pdf/generate-bilan', 'Bilan.pdf', 'Bilan de prévention'],
])('POST %s', (url, filename, title) => {
  it('renders the token holder’s own record, whatever the body says', async () => {
    const a = await registerPatient(t, { nom: 'Martin', email: 'a@example.fr' });
    const b = await registerPatient(t, { nom: 'Durand', email: 'b@example.fr' });
    const recordOfA = (
      await t.app.inject({ method: 'GET', url: '/api/utilisateur/me', headers: auth(a.token) })
    ).json();
    const res = await t.app.inject({ method: 'POST', url, headers: auth(b.token), payload: recordOfA });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${filename}"`);
    expect(res.headers['cache-control']).toBe('no-store');
    const content = text(res.rawPayload);
    expect(content).toContain(title);
    expect(content).toContain('Zoé Durand');
    expect(content).not.toContain('Martin');
  });

  it('renders a demo PDF without token from { responses, ageGroup }', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      payload: { responses: typical.answers, ageGroup: '45to50' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const content = text(res.rawPayload);
    expect(content).toContain('Démonstration');
    expect(content).toContain('45-50 ans');
  });

  it('renders a form in progress from its stored answers replayed once as a whole', async () => {
    const hidden = fixtureOf('45to50', 'hidden-answer');
    const { token, userId } = await registerPatient(t);
    await storeAnswersAsIs(t.app, userId, hidden.answers, [latestDefinition('45to50').pages[0]?.section ?? '']);
    const res = await t.app.inject({ method: 'POST', url, headers: auth(token) });
    expect(res.statusCode, res.body).toBe(200);
    const record = await t.app.patientService.findRecord(userId);
    if (!record) throw new Error('record missing');
    const kind = filename === 'Questionnaire.pdf' ? 'questionnaire' : 'bilan';
    const expected = await pdfService[kind](pdfInputOf(record, hidden.expected.normalized, TEST_NOW));
    expect(text(res.rawPayload)).toBe(text(expected));
    expect(text(res.rawPayload)).not.toContain('Migraines');
  });

  it.each([
    ['an expired or forged token', { authorization: 'Bearer abc.def.ghi' }, {}, 401, 'invalid_token'],
    ['an unknown age group', {}, { responses: {}, ageGroup: '12to15' }, 400, 'unknown_age_group'],
    [
      'a wrong answer type',
      {},
      { responses: { physicalHealth: { height: 'grand' } }, ageGroup: '45to50' },
      422,
      'invalid_answers',
    ],
  ])('refuses %s and stores nothing', async (_name, headers, payload, status, code) => {
    const before = await snapshot(t.app);
    const res = await t.app.inject({ method: 'POST', url, headers, payload });
    expect(res.statusCode).toBe(status);
    expect(res.json().code).toBe(code);
    expect(await snapshot(t.app)).toEqual(before);
  });
});

it('refuses the patient PDF once the questionnaire is submitted (D23), but still serves a demo PDF', async () => {
  const { token } = await registerPatient(t);
  for (const [pageKey, reponses] of Object.entries(typical.answers)) {
    await t.app.inject({
      method: 'PATCH',
      url: '/api/utilisateur/me/responses',
      headers: auth(token),
      payload: { pageKey, reponses },
    });
  }
  expect(
    (await t.app.inject({ method: 'POST', url: '/api/utilisateur/me/submit', headers: auth(token) })).statusCode,
  ).toBe(200);
  const res = await t.app.inject({ method: 'POST', url: '/api/pdf/generate-bilan', headers: auth(token) });
  expect(res.statusCode).toBe(401);
  expect(res.json().code).toBe('form_submitted');
  const demo = await t.app.inject({
    method: 'POST',
    url: '/api/pdf/generate-bilan',
    payload: { responses: typical.answers, ageGroup: '45to50' },
  });
  expect(demo.statusCode).toBe(200);
});

// Text stored as valid Unicode (issue 14): every stored text arrives through the routes' JSON
// bodies; NFC, no NUL, no control character but line breaks in multi-line answers, no lone
// surrogate; length caps count the stored text.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixtureOf } from '@bilan/fixtures';
import {
  auth,
  buildTestApp,
  registerPatient,
  registrationBody,
  snapshot,
  storeAnswersAsIs,
  type TestApp,
} from '../../../test/helpers';
import { createAdmin, login } from '../../../test/accounts';
import { sqlGet } from '../../../test/sql';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await t.close();
});

const typical = fixtureOf('45to50', 'typical');
const page = (section: string) => (typical.expected.normalized[section] ?? {}) as Record<string, unknown>;

async function expectRefused(res: { statusCode: number; json(): unknown }, field: string, reason: string) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ code: 'invalid_text', details: { field, reason } });
}

describe('registration identity', () => {
  it('is stored in NFC', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/utilisateur/create',
      payload: await registrationBody(t, { nom: 'Lefe\u0300vre', prenom: 'Zoe\u0301' }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await sqlGet(t.app, 'SELECT last_name, first_name FROM patients')).toEqual({
      last_name: 'Lefèvre',
      first_name: 'Zoé',
    });
  });

  it.each([
    ['nom', { nom: 'Lef\u0000vre' }, 'nul'],
    ['nom', { nom: 'Lef\u0007vre' }, 'control'],
    ['prenom', { prenom: 'Zo\tê' }, 'control'],
    ['prenom', { prenom: 'Zo\ud800' }, 'lone_surrogate'],
    ['nom', { nom: 'Lefèvre\nDurand' }, 'line_break'],
    ['email', { email: 'zoe\u0000@example.fr' }, 'nul'],
  ])('refuses %s with %j (400 invalid_text) and stores nothing', async (field, overrides, reason) => {
    const body = await registrationBody(t, overrides);
    const before = await snapshot(t.app);
    await expectRefused(
      await t.app.inject({ method: 'POST', url: '/api/utilisateur/create', payload: body }),
      field,
      reason,
    );
    expect(await snapshot(t.app)).toEqual(before);
  });
});

describe('answers', () => {
  const save = (token: string, pageKey: string, reponses: Record<string, unknown>) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/utilisateur/me/responses',
      headers: auth(token),
      payload: { pageKey, reponses },
    });
  const stored = async (section: string) =>
    (
      JSON.parse(((await sqlGet(t.app, 'SELECT answers FROM forms')) as { answers: string }).answers) as Record<
        string,
        Record<string, unknown>
      >
    )[section];

  it('keep line breaks in a multi-line answer only, stored as \\n', async () => {
    const { token } = await registerPatient(t);
    const ok = await save(token, 'addictionAndMentalHealth', {
      ...page('addictionAndMentalHealth'),
      customFocusTopics: 'Mes nuits\r\nMon dos',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await stored('addictionAndMentalHealth'))?.customFocusTopics).toBe('Mes nuits\nMon dos');
    const before = await snapshot(t.app);
    await expectRefused(
      await save(token, 'healthQuestions', { ...page('healthQuestions'), otherSexualHealth: 'une\nligne' }),
      'otherSexualHealth',
      'line_break',
    );
    await expectRefused(
      await save(token, 'addictionAndMentalHealth', { customFocusTopics: 'a\u0000b' }),
      'customFocusTopics',
      'nul',
    );
    await expectRefused(
      await save(token, 'addictionAndMentalHealth', { customFocusTopics: 'a\u001bb' }),
      'customFocusTopics',
      'control',
    );
    await expectRefused(
      await save(token, 'healthQuestions', { otherSexualHealth: '\udc00' }),
      'otherSexualHealth',
      'lone_surrogate',
    );
    expect(await snapshot(t.app)).toEqual(before);
  });

  it('are held to the definition’s length cap as stored: 2,000 accented letters typed decomposed fit a 2,000 cap', async () => {
    const { token } = await registerPatient(t);
    const decomposed = 'e\u0301'.repeat(2000);
    const ok = await save(token, 'addictionAndMentalHealth', {
      ...page('addictionAndMentalHealth'),
      customFocusTopics: decomposed,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await stored('addictionAndMentalHealth'))?.customFocusTopics).toBe('é'.repeat(2000));
    const over = await save(token, 'addictionAndMentalHealth', {
      ...page('addictionAndMentalHealth'),
      customFocusTopics: 'é'.repeat(2001),
    });
    expect(over.statusCode).toBe(422);
  });

  it('stored before these checks existed are checked again by the finishing call, before any PDF', async () => {
    const { token, userId } = await registerPatient(t);
    const answers = {
      ...typical.expected.normalized,
      addictionAndMentalHealth: { ...page('addictionAndMentalHealth'), customFocusTopics: 'vieux\u0007texte' },
    };
    await storeAnswersAsIs(t.app, userId, answers, Object.keys(answers));
    const before = await snapshot(t.app);
    await expectRefused(
      await t.app.inject({ method: 'POST', url: '/api/utilisateur/me/submit', headers: auth(token) }),
      'customFocusTopics',
      'control',
    );
    expect(await snapshot(t.app)).toEqual(before);
  });

  it('of the demo are refused the same way before any PDF or e-mail', async () => {
    const before = await snapshot(t.app);
    const demo = {
      responses: { addictionAndMentalHealth: { customFocusTopics: 'x\u0000' } },
      ageGroup: '45to50',
      userForm: { email: 'v@example.fr' },
    };
    await expectRefused(
      await t.app.inject({ method: 'POST', url: '/api/pdf/fill-pdf', payload: demo }),
      'customFocusTopics',
      'nul',
    );
    await expectRefused(
      await t.app.inject({ method: 'POST', url: '/api/storeJson', payload: demo }),
      'customFocusTopics',
      'nul',
    );
    expect(await snapshot(t.app)).toEqual(before);
  });
});

describe('account fields', () => {
  it('refuse control characters in an invitation e-mail and a pharmacy’s name', async () => {
    const admin = await createAdmin(t.app);
    const token = await login(t.app, admin.email);
    await expectRefused(
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/invitations',
        headers: auth(token),
        payload: { email: 'a\u0085@pharma.test' },
      }),
      'email',
      'control',
    );
    const register = {
      name: 'pharma',
      nom: 'Pharmacie\u0000',
      email: 'p@pharma.test',
      password: 'une phrase de passe solide',
      inviteToken: 'x',
    };
    await expectRefused(
      await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: register }),
      'nom',
      'nul',
    );
    expect(await sqlGet(t.app, 'SELECT count(*) AS n FROM invitations')).toEqual({ n: 0 });
  });

  it('leave a password as typed: it is hashed, never stored as text', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@pharma.test', password: 'pass\u0000word et plus' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('invalid_credentials');
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { fixtureOf } from '@bilan/fixtures';
import { ageNotEligibleMessage } from '@bilan/engine';
import { bands, latestDefinition } from '../questionnaire/definitions';
import { pdfService } from '../reports/pdfService';
import { pdfInputOf } from '../reports';
import { ssnSealerOf } from './ssnSealer';
import {
  auth,
  BIRTH_DATES,
  botTicket,
  buildTestApp,
  registerPatient,
  registrationBody,
  snapshot,
  storeAnswersAsIs,
  TEST_NOW,
  type RegisterInput,
  type TestApp,
} from '../../test/helpers';
import { storedPdfsOf } from '../../test/readers';
import { foldedPdfText } from '../../test/pdfText';
import { sqlAll, sqlGet, sqlRun } from '../../test/sql';

/** A JWT built by hand, to forge what the app must refuse. */
function jwt(payload: Record<string, unknown>, secret: string, alg: 'HS256' | 'HS512' = 'HS256'): string {
  const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const head = `${enc({ alg, typ: 'JWT' })}.${enc(payload)}`;
  return `${head}.${createHmac(alg === 'HS256' ? 'sha256' : 'sha512', secret)
    .update(head)
    .digest('base64url')}`;
}

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await t.close();
});

const typical45 = fixtureOf('45to50', 'typical');

async function saveAll(token: string, answers: Record<string, Record<string, unknown>>) {
  for (const [pageKey, reponses] of Object.entries(answers)) {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/utilisateur/me/responses',
      headers: auth(token),
      payload: { pageKey, reponses },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
}

describe('POST /api/utilisateur/create', () => {
  it('registers a patient, computes the band on the server and answers a patient token', async () => {
    const body = await registrationBody(t, {
      nom: '  Lefèvre ',
      email: ' Zoe.Lefevre@Example.FR ',
      numero_securite_sociale: '278057512345675',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/utilisateur/create',
      payload: { ...body, ageGroup: '18to25' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { token, userId, ageGroup } = res.json();
    expect(ageGroup).toBe('45to50');
    const row = (await sqlGet(t.app, 'SELECT * FROM patients WHERE id = ?', userId)) as Record<string, unknown>;
    expect(row).toMatchObject({
      last_name: 'Lefèvre',
      email: 'zoe.lefevre@example.fr',
      band: '45to50',
      consent_at: TEST_NOW.toISOString(),
    });
    // Encrypted (patient/ssnSealer.ts).
    expect(ssnSealerOf(t.config).open(String(row.social_security_number))).toBe('278057512345675');
    expect(String(row.social_security_number)).not.toContain('278057512345675');
    const form = (await sqlGet(t.app, 'SELECT * FROM forms WHERE patient_id = ?', userId)) as Record<string, unknown>;
    const def = latestDefinition('45to50');
    expect(form).toMatchObject({ definition_id: def.id, definition_version: def.version, status: 'in_progress' });
    const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
    expect(payload).toMatchObject({ kind: 'patient', sub: userId });
    expect(JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString())).toMatchObject({ alg: 'HS256' });
  });

  it.each([
    [
      '278057512345678',
      'key',
      'La clé de contrôle ne correspond pas au numéro\u00a0: vérifiez les deux derniers chiffres.',
    ],
    ['2780575123456', 'length', 'Le numéro de sécurité sociale compte 15\u00a0chiffres, clé comprise.'],
    [
      '27805751234567X',
      'characters',
      'Le numéro de sécurité sociale ne contient que des chiffres (et 2A ou 2B pour un département de Corse).',
    ],
  ])(
    'refuses the social security number %s (%s), saying what is wrong, storing nothing',
    async (ssn, reason, message) => {
      // Issue 41, point 12: the control key is 97 − (number mod 97).
      const payload = await registrationBody(t, { numero_securite_sociale: ssn });
      const before = await snapshot(t.app, ['patients', 'forms']);
      const res = await t.app.inject({ method: 'POST', url: '/api/utilisateur/create', payload });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'invalid_ssn', message, details: { reason } });
      expect(await snapshot(t.app, ['patients', 'forms'])).toEqual(before);
    },
  );

  it.each([
    ['1 80 01 2A 123 456 20', '180012A12345620'],
    ['180012b12345647', '180012B12345647'],
  ])('accepts Corsica’s departments and spaces typed: %s', async (ssn, stored) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/utilisateur/create',
      payload: await registrationBody(t, { numero_securite_sociale: ssn }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const row = (await sqlGet(
      t.app,
      'SELECT social_security_number AS n FROM patients WHERE id = ?',
      res.json().userId,
    )) as {
      n: string;
    };
    expect(ssnSealerOf(t.config).open(row.n)).toBe(stored);
  });

  it.each([
    ['absent', undefined],
    ['null', null],
    ['blank', '   '],
  ])(
    'registers a patient without an e-mail address (%s, D30), sends only the pharmacy its notice',
    async (_, email) => {
      const body = await registrationBody(t);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/utilisateur/create',
        payload: { ...body, email },
      });
      expect(res.statusCode, res.body).toBe(201);
      const { token, userId } = res.json();
      expect(await sqlGet(t.app, 'SELECT email FROM patients WHERE id = ?', userId)).toEqual({ email: '' });
      const me = await t.app.inject({ method: 'GET', url: '/api/utilisateur/me', headers: auth(token) });
      expect(me.json().email).toBeNull();
      await saveAll(token, typical45.answers);
      const sent = await t.app.inject({ method: 'POST', url: '/api/utilisateur/me/submit', headers: auth(token) });
      expect(sent.statusCode, sent.body).toBe(200);
      await t.app.formPdfs.idle();
      expect((await storedPdfsOf(t.app, userId)).map((d) => d.kind)).toEqual(['bilan', 'questionnaire']);
      expect(await sqlAll(t.app, 'SELECT kind, "to" FROM emails')).toEqual([
        { kind: 'pharmacy_new_bilan', to: t.pharmacy.email },
      ]);
    },
  );

  it('refuses an e-mail address that is not one, and stores nothing', async () => {
    const payload = await registrationBody(t, { email: 'zoe.example.fr' });
    const before = await snapshot(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/utilisateur/create', payload });
    expect(res.statusCode).toBe(400);
    expect(await snapshot(t.app)).toEqual(before);
  });

  it.each([
    [
      'consent missing',
      { consent: false },
      422,
      'consent_required',
      'Veuillez accepter la politique de confidentialité pour continuer.',
    ],
    [
      'social security number of 14 digits',
      { numero_securite_sociale: '27805751234567' },
      422,
      'invalid_ssn',
      'Le numéro de sécurité sociale compte 15\u00a0chiffres, clé comprise.',
    ],
    [
      'social security number with letters',
      { numero_securite_sociale: '2780575123456AB' },
      422,
      'invalid_ssn',
      'Le numéro de sécurité sociale ne contient que des chiffres (et 2A ou 2B pour un département de Corse).',
    ],
    [
      'ineligible birth date (36 years)',
      { date_naissance: BIRTH_DATES.ineligible },
      422,
      'age_not_eligible',
      ageNotEligibleMessage(bands),
    ],
    [
      'birth date in the future',
      { date_naissance: '2030-01-01' },
      422,
      'invalid_birth_date',
      'La date de naissance est invalide.',
    ],
    [
      'birth date that does not exist',
      { date_naissance: '1978-02-30' },
      422,
      'invalid_birth_date',
      'La date de naissance est invalide.',
    ],
    ['unknown pharmacy', { clientId: 999_999 }, 404, 'client_not_found', 'Pharmacie introuvable.'],
    [
      'bad ticket',
      { ticket: 'forged-ticket' },
      400,
      'bot_check_failed',
      'Échec de vérification ALTCHA. Vous pourriez être un bot.',
    ],
    ['bad civility', { civilite: 'Docteur' }, 400, 'invalid_request', 'Requête invalide.'],
    ['blank name', { nom: '   ' }, 400, 'invalid_request', 'Requête invalide.'],
  ])('refuses %s and stores nothing', async (_name, overrides, status, code, message) => {
    const body = await registrationBody(t, overrides as RegisterInput);
    const before = await snapshot(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/utilisateur/create', payload: body });
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ code, message, error: message });
    expect(await snapshot(t.app)).toEqual(before);
  });

  it.each([
    [
      'a birth date one character over its 10',
      { date_naissance: '2004-01-150' },
      'body/date_naissance',
      'must NOT have more than 10 characters',
    ],
    ['a pharmacy id over the 32-bit bound', { clientId: 2147483648 }, 'body/clientId', 'must be <= 2147483647'],
  ])('refuses %s, names the field, and stores nothing', async (_name, overrides, path, message) => {
    const body = { ...(await registrationBody(t)), ...overrides };
    const before = await snapshot(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/utilisateur/create', payload: body });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_request' });
    expect(res.json().details).toContainEqual({ path, message });
    expect(await snapshot(t.app)).toEqual(before);
  });

  it('refuses a registration without a ticket', async () => {
    const body = await registrationBody(t);
    delete body.ticket;
    const before = await snapshot(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/utilisateur/create', payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('bot_check_failed');
    expect(await snapshot(t.app)).toEqual(before);
  });

  it('accepts a ticket once: a second registration with it is refused and stores nothing', async () => {
    const ticket = await botTicket(t.app, t.pharmacy.id);
    await registerPatient(t, { ticket });
    const before = await snapshot(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/utilisateur/create',
      payload: await registrationBody(t, { ticket, email: 'other@example.fr' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('bot_check_failed');
    expect(await snapshot(t.app)).toEqual(before);
  });

  it('does not consume the ticket of a refused registration', async () => {
    const ticket = await botTicket(t.app, t.pharmacy.id);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/utilisateur/create',
      payload: await registrationBody(t, { ticket, consent: false }),
    });
    expect(refused.statusCode).toBe(422);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/utilisateur/create',
      payload: await registrationBody(t, { ticket }),
    });
    expect(ok.statusCode).toBe(201);
  });

  it.each(
    Object.entries({
      '18to25': BIRTH_DATES['18to25'],
      '60to65': BIRTH_DATES['60to65'],
      '70to75': BIRTH_DATES['70to75'],
    }),
  )('gives the %s questionnaire to a patient born on %s', async (band, date_naissance) => {
    const { ageGroup } = await registerPatient(t, { date_naissance });
    expect(ageGroup).toBe(band);
  });

  it('counts the age on the Paris calendar day (D19)', async () => {
    await t.close();
    // 23:30 UTC on 9 March is already 10 March in Paris: born 10 March 2000, the patient is 26 there.
    t = await buildTestApp({ clock: () => new Date('2026-03-09T23:30:00Z') });
    const before = await snapshot(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/utilisateur/create',
      payload: await registrationBody(t, { date_naissance: '2000-03-10' }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('age_not_eligible');
    const one = await t.app.inject({
      method: 'POST',
      url: '/api/utilisateur/create',
      payload: await registrationBody(t, { date_naissance: '2000-03-11' }),
    });
    expect(one.statusCode).toBe(201);
    expect(one.json().ageGroup).toBe('18to25');
    expect((await snapshot(t.app)).patients).toHaveLength((before.patients ?? []).length + 1);
  });

  it('refuses an oversized body with 413 and stores nothing', async () => {
    const body = await registrationBody(t, { nom: 'x'.repeat(20_000) });
    const before = await snapshot(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/utilisateur/create', payload: body });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'payload_too_large' });
    expect(await snapshot(t.app)).toEqual(before);
  });
});

describe('GET /api/utilisateur/me', () => {
  it('answers the patient’s own record, not cached', async () => {
    const { token, userId } = await registerPatient(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/utilisateur/me', headers: auth(token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({
      id: userId,
      civilite: 'Madame',
      nom: 'Lefèvre',
      prenom: 'Zoé',
      date_naissance: BIRTH_DATES['45to50'],
      ageGroup: '45to50',
      client: { id: t.pharmacy.id, name: t.pharmacy.name, nom: t.pharmacy.displayName },
      definition: { id: 'bilan-45to50' },
      status: 'in_progress',
      reponses: {},
      savedPages: [],
      submittedAt: null,
    });
  });

  it('gives each token its own record only', async () => {
    const a = await registerPatient(t, { nom: 'Martin', email: 'a@example.fr' });
    const b = await registerPatient(t, { nom: 'Durand', email: 'b@example.fr', clientId: t.otherPharmacy.id });
    const resB = await t.app.inject({ method: 'GET', url: '/api/utilisateur/me', headers: auth(b.token) });
    expect(resB.json()).toMatchObject({ id: b.userId, nom: 'Durand', client: { name: 'autre-pharmacie' } });
    expect(resB.body).not.toContain('Martin');
    expect(a.userId).not.toBe(b.userId);
  });

  it('ends the session of a patient whose record is gone', async () => {
    const { token, userId } = await registerPatient(t);
    await sqlRun(t.app, 'DELETE FROM patients WHERE id = ?', userId);
    const res = await t.app.inject({ method: 'GET', url: '/api/utilisateur/me', headers: auth(token) });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('session_expired');
  });

  it('refuses a missing token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/utilisateur/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'unauthenticated', message: 'Utilisateur non authentifié.' });
  });

  it('refuses an expired token', async () => {
    const { userId } = await registerPatient(t);
    const past = Math.floor(Date.now() / 1000) - 3600;
    const expired = jwt({ kind: 'patient', sub: userId, iat: past - 60, exp: past }, t.config.jwtSecret);
    const res = await t.app.inject({ method: 'GET', url: '/api/utilisateur/me', headers: auth(expired) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      code: 'session_expired',
      message: 'Session expirée, veuillez vous reconnecter.',
    });
  });

  it('refuses a token signed with another secret, another algorithm, or of another kind', async () => {
    const { userId } = await registerPatient(t);
    const forged = jwt({ kind: 'patient', sub: userId }, 'another-secret-that-is-long-enough-000000');
    const hs512 = jwt({ kind: 'patient', sub: userId }, t.config.jwtSecret, 'HS512');
    const staff = t.app.jwt.sign({ kind: 'staff', sub: userId });
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ kind: 'patient', sub: userId })).toString('base64url')}.`;
    for (const token of [forged, hs512, staff, unsigned, 'not-a-jwt']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/utilisateur/me', headers: auth(token) });
      expect(res.statusCode, token).toBe(401);
      expect(res.json().code).toBe('invalid_token');
    }
  });
});

describe('PATCH /api/utilisateur/me/responses', () => {
  it('replays the definition, stores the normalized section and lists it as saved', async () => {
    const { token } = await registerPatient(t);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/utilisateur/me/responses',
      headers: auth(token),
      payload: {
        pageKey: 'physicalHealth',
        reponses: { height: 164, weight: 62, imcBas: true, treatment: 'yes', swelling: '' },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    // Computed flags are recomputed (BMI 23: neither low nor high), blanks removed.
    expect(body.reponses).toEqual({ height: 164, weight: 62, treatment: 'yes', imcBas: false, imcHaut: false });
    expect(body.savedPages).toEqual(['physicalHealth']);
    const me = (await t.app.inject({ method: 'GET', url: '/api/utilisateur/me', headers: auth(token) })).json();
    expect(me.reponses).toEqual({ physicalHealth: body.reponses });
  });

  it('drops an answer to a hidden question and does not store it', async () => {
    const { token } = await registerPatient(t);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/utilisateur/me/responses',
      headers: auth(token),
      payload: {
        pageKey: 'generalQuestions',
        reponses: { Hypertension: true, Other: false, otherDisease: 'Migraines' },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dropped).toEqual(['generalQuestions.otherDisease']);
    const stored = (await sqlGet(t.app, 'SELECT answers FROM forms')) as { answers: string };
    expect(JSON.parse(stored.answers).generalQuestions).toEqual({ Hypertension: true, Other: false });
    expect(stored.answers).not.toContain('Migraines');
  });

  it.each([
    [
      'a wrong answer string',
      {
        pageKey: 'healthQuestions',
        reponses: { physicalActivity: '3-4 fois', fruitVegetableConsumption: '5 portions' },
      },
      422,
      'invalid_answers',
    ],
    ['a value of the wrong type', { pageKey: 'physicalHealth', reponses: { height: '164' } }, 422, 'invalid_answers'],
    ['a negative height', { pageKey: 'physicalHealth', reponses: { height: -3 } }, 422, 'invalid_answers'],
    ['an unknown page', { pageKey: 'lifestyle', reponses: {} }, 400, 'unknown_page'],
    ['answers that are not an object', { pageKey: 'physicalHealth', reponses: ['Oui'] }, 400, 'invalid_request'],
  ])('refuses %s and stores nothing', async (_name, payload, status, code) => {
    const { token } = await registerPatient(t);
    await saveAll(token, { generalQuestions: { gender: 'female' } });
    const before = await snapshot(t.app);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/utilisateur/me/responses',
      headers: auth(token),
      payload,
    });
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().code).toBe(code);
    expect(await snapshot(t.app)).toEqual(before);
  });

  it('names the refused field of a wrong answer string', async () => {
    const { token } = await registerPatient(t);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/utilisateur/me/responses',
      headers: auth(token),
      payload: { pageKey: 'healthQuestions', reponses: { fruitVegetableConsumption: '5 portions' } },
    });
    expect(res.json()).toMatchObject({
      message: 'Une erreur est survenue. Veuillez réessayer.',
      details: { errors: ['healthQuestions.fruitVegetableConsumption'] },
    });
  });

  it('refuses an oversized body with 413 and stores nothing', async () => {
    const { token } = await registerPatient(t);
    const before = await snapshot(t.app);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/utilisateur/me/responses',
      headers: auth(token),
      payload: { pageKey: 'healthQuestions', reponses: { otherSexualHealth: 'x'.repeat(70 * 1024) } },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('payload_too_large');
    expect(await snapshot(t.app)).toEqual(before);
  });

  it('refuses a save without token, and after submission', async () => {
    const noToken = await t.app.inject({
      method: 'PATCH',
      url: '/api/utilisateur/me/responses',
      payload: { pageKey: 'physicalHealth', reponses: {} },
    });
    expect(noToken.statusCode).toBe(401);
    const { token } = await registerPatient(t);
    await saveAll(token, typical45.expected.normalized);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/utilisateur/me/submit', headers: auth(token) })).statusCode,
    ).toBe(200);
    const before = await snapshot(t.app);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/utilisateur/me/responses',
      headers: auth(token),
      payload: { pageKey: 'physicalHealth', reponses: { height: 170 } },
    });
    // D23: the session ended with the finishing call (finishedForm.test.ts covers every route).
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('form_submitted');
    expect(await snapshot(t.app)).toEqual(before);
  });
});

describe('POST /api/utilisateur/me/submit', () => {
  it('validates, stores both PDFs and the submitted status, and queues the two e-mails, once', async () => {
    const { token, userId } = await registerPatient(t);
    await saveAll(token, typical45.answers);
    const res = await t.app.inject({ method: 'POST', url: '/api/utilisateur/me/submit', headers: auth(token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'submitted', submittedAt: TEST_NOW.toISOString() });

    // The PDFs are rendered just after the answer (reports/formPdfs.ts).
    await t.app.formPdfs.idle();
    const docs = await storedPdfsOf(t.app, userId);
    expect(docs.map((d) => d.kind)).toEqual(['bilan', 'questionnaire']);
    for (const d of docs) {
      expect(d.content.subarray(0, 5).toString()).toBe('%PDF-');
      expect(d.bytes).toBe(d.content.length);
    }
    const mails = (await sqlAll(
      t.app,
      'SELECT kind, "to", subject, text, attachments FROM emails ORDER BY kind',
    )) as Record<string, string>[];
    expect(mails.map((m) => [m.kind, m.to])).toEqual([
      ['patient_confirmation', 'zoe.lefevre@example.fr'],
      ['pharmacy_new_bilan', t.pharmacy.email],
    ]);
    const notification = mails.find((m) => m.kind === 'pharmacy_new_bilan');
    expect(notification?.text).toContain('http://bilan.test/pharmacie-test/dashboard');
    expect(notification?.text).toContain('Zoé Lefèvre');
    // No health data in real-flow mails: no answer string, no attachment.
    for (const m of mails) {
      expect(m.attachments).toBe('[]');
      for (const answer of ['Hypertension', 'Prise de poids', 'Moins de 6h par nuit', 'Moins de 6\u00a0h par nuit'])
        expect(m.text).not.toContain(answer);
    }

    // A retry after success is refused (D23: the session ended), and stores and queues nothing.
    const again = await t.app.inject({ method: 'POST', url: '/api/utilisateur/me/submit', headers: auth(token) });
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('form_submitted');
    expect(((await sqlGet(t.app, 'SELECT count(*) AS n FROM emails')) as { n: number }).n).toBe(2);
    // The PDFs are rendered just after the answer (reports/formPdfs.ts).
    await t.app.formPdfs.idle();
    expect(((await sqlGet(t.app, 'SELECT count(*) AS n FROM documents')) as { n: number }).n).toBe(2);
    expect(await sqlGet(t.app, 'SELECT status, submitted_at AS "submittedAt" FROM forms')).toEqual({
      status: 'submitted',
      submittedAt: TEST_NOW.toISOString(),
    });
  });

  it('replays the whole answers once, stores that copy and renders both PDFs from it', async () => {
    const hidden = fixtureOf('45to50', 'hidden-answer');
    const { token, userId } = await registerPatient(t);
    // Stored answers to hidden questions (otherDisease without Other, quitSmokingTime without smokingArrete).
    await storeAnswersAsIs(
      t.app,
      userId,
      hidden.answers,
      latestDefinition('45to50').pages.map((p) => p.section),
    );
    const res = await t.app.inject({ method: 'POST', url: '/api/utilisateur/me/submit', headers: auth(token) });
    expect(res.statusCode, res.body).toBe(200);

    const stored = (await sqlGet(t.app, 'SELECT answers FROM forms WHERE patient_id = ?', userId)) as {
      answers: string;
    };
    expect(JSON.parse(stored.answers)).toEqual(hidden.expected.normalized);
    // The PDFs say exactly what PDFs of the normalized answers say, and nothing of the hidden ones.
    const record = await t.app.patientService.findRecord(userId);
    if (!record) throw new Error('record missing');
    const input = pdfInputOf(record, hidden.expected.normalized, TEST_NOW);
    // The PDFs are rendered just after the answer (reports/formPdfs.ts).
    await t.app.formPdfs.idle();
    const docs = Object.fromEntries((await storedPdfsOf(t.app, userId)).map((d) => [d.kind, d.content]));
    for (const kind of ['questionnaire', 'bilan'] as const) {
      const text = foldedPdfText(docs[kind] as Buffer);
      expect(text, kind).toBe(foldedPdfText(await pdfService[kind](input)));
      expect(text, kind).not.toContain('Migraines');
      expect(text, kind).not.toContain('Plus de 5 ans');
    }
  });

  it('stores and queues once when two finishing calls race', async () => {
    const { token } = await registerPatient(t);
    await saveAll(token, typical45.answers);
    const [a, b] = await Promise.all([
      t.app.inject({ method: 'POST', url: '/api/utilisateur/me/submit', headers: auth(token) }),
      t.app.inject({ method: 'POST', url: '/api/utilisateur/me/submit', headers: auth(token) }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json()).toEqual(b.json());
    expect(((await sqlGet(t.app, 'SELECT count(*) AS n FROM emails')) as { n: number }).n).toBe(2);
    // The PDFs are rendered just after the answer (reports/formPdfs.ts).
    await t.app.formPdfs.idle();
    expect(((await sqlGet(t.app, 'SELECT count(*) AS n FROM documents')) as { n: number }).n).toBe(2);
  });

  it('refuses an incomplete questionnaire with the missing pages and stores nothing', async () => {
    const { token } = await registerPatient(t);
    await saveAll(token, { generalQuestions: { gender: 'female' }, physicalHealth: { height: 170 } });
    const before = await snapshot(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/utilisateur/me/submit', headers: auth(token) });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'incomplete',
      message: 'Veuillez compléter toutes les pages du questionnaire.',
      details: { missingSections: ['healthQuestions', 'addictionAndMentalHealth'] },
    });
    expect(await snapshot(t.app)).toEqual(before);
  });

  it('refuses a submission without a token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/utilisateur/me/submit' });
    expect(res.statusCode).toBe(401);
  });
});

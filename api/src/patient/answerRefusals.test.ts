// The server refuses what the questionnaire's content forbids, with the browser's own messages
// (the same generated validator): implausible numbers (D24) and an exclusive box ticked beside
// another (D25). It also drops answers to questions a condition hides from this patient (D5b).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  auth,
  BIRTH_DATES,
  buildTestApp,
  registerPatient,
  snapshot,
  storeAnswersAsIs,
  type TestApp,
} from '../../test/helpers';
import { latestDefinition } from '../questionnaire/definitions';
import { sqlGet } from '../../test/sql';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await t.close();
});

const save = (token: string, pageKey: string, reponses: Record<string, unknown>) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/utilisateur/me/responses',
    headers: auth(token),
    payload: { pageKey, reponses },
  });

describe('PATCH /api/utilisateur/me/responses on the newest definition', () => {
  it('is the version a new patient is given', async () => {
    await registerPatient(t);
    const form = (await sqlGet(t.app, 'SELECT definition_version FROM forms')) as { definition_version: string };
    expect(form.definition_version).toBe(latestDefinition('45to50').version);
  });

  it.each([
    [
      'a height typed in metres',
      { height: 1.75, weight: 70 },
      'physicalHealth.height',
      'minimum',
      'Indiquez votre taille en centimètres, par exemple 172. Valeur acceptée\u00a0: entre 100 et 230\u00a0cm.',
    ],
    [
      'a height above 230 cm',
      { height: 2300 },
      'physicalHealth.height',
      'maximum',
      'Indiquez votre taille en centimètres, par exemple 172. Valeur acceptée\u00a0: entre 100 et 230\u00a0cm.',
    ],
    [
      'a weight of 300 kg',
      { height: 175, weight: 300 },
      'physicalHealth.weight',
      'maximum',
      'Indiquez votre poids en kilogrammes, par exemple 68. Valeur acceptée\u00a0: entre 25 et 250\u00a0kg.',
    ],
    [
      'a weight in grams',
      { weight: 70000 },
      'physicalHealth.weight',
      'maximum',
      'Indiquez votre poids en kilogrammes, par exemple 68. Valeur acceptée\u00a0: entre 25 et 250\u00a0kg.',
    ],
  ])(
    'refuses %s with 422, the field and the message that names the unit, and stores nothing',
    async (_name, reponses, path, keyword, message) => {
      const { token } = await registerPatient(t);
      const before = await snapshot(t.app);
      const res = await save(token, 'physicalHealth', reponses);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({
        code: 'invalid_answers',
        details: { errors: [path], fields: [{ path, keyword, message }] },
      });
      expect(await snapshot(t.app)).toEqual(before);
    },
  );

  it('accepts 175 cm and 70 kg, and computes the flags from them', async () => {
    const { token } = await registerPatient(t);
    const res = await save(token, 'physicalHealth', { height: 175, weight: 70 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().reponses).toEqual({ height: 175, weight: 70, imcBas: false, imcHaut: false });
  });

  it('refuses "Aucune de ces maladies" ticked with another disease, naming the box, and stores nothing', async () => {
    const { token } = await registerPatient(t);
    const before = await snapshot(t.app);
    const res = await save(token, 'generalQuestions', { gender: 'female', Hypertension: true, None: true });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'invalid_answers',
      details: {
        errors: ['generalQuestions.None'],
        fields: [
          {
            path: 'generalQuestions.None',
            keyword: 'not',
            message: 'La case «\u00a0Aucune de ces maladies\u00a0» ne peut pas être cochée avec une autre réponse.',
          },
        ],
      },
    });
    expect(await snapshot(t.app)).toEqual(before);
  });

  it('refuses "Je ne fume pas et je ne vapote pas" with "Je vapote", and accepts it with "J’ai arrêté de fumer"', async () => {
    const { token } = await registerPatient(t);
    const refused = await save(token, 'addictionAndMentalHealth', { smokingVapote: true, smokingNon: true });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().details.fields).toEqual([
      {
        path: 'addictionAndMentalHealth.smokingNon',
        keyword: 'not',
        message:
          'La case «\u00a0Je ne fume pas et je ne vapote pas\u00a0» ne peut pas être cochée avec «\u00a0Je fume\u00a0» ou «\u00a0Je vapote (cigarette électronique)\u00a0».',
      },
    ]);
    const accepted = await save(token, 'addictionAndMentalHealth', {
      smokingNon: true,
      smokingArrete: true,
      quitSmokingTime: 'moreThan5Years',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('drops the menopause answer of a patient who answered « Homme » (stored male), and keeps it when the sex is not given', async () => {
    const man = await registerPatient(t, { email: 'homme@example.fr' });
    expect((await save(man.token, 'generalQuestions', { gender: 'male' })).statusCode).toBe(200);
    const res = await save(man.token, 'physicalHealth', { menopause: 'yes', height: 180, weight: 80 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dropped).toEqual(['physicalHealth.menopause']);
    const stored = (await sqlGet(t.app, 'SELECT answers FROM forms WHERE patient_id = ?', man.userId)) as {
      answers: string;
    };
    expect(JSON.parse(stored.answers).physicalHealth).toEqual({
      height: 180,
      weight: 80,
      imcBas: false,
      imcHaut: false,
    });

    const unknown = await registerPatient(t, { email: 'inconnu@example.fr' });
    const kept = await save(unknown.token, 'physicalHealth', { menopause: 'yes' });
    expect(kept.json()).toMatchObject({ reponses: { menopause: 'yes' }, dropped: [] });
  });
});

describe('POST /api/utilisateur/me/submit on the newest definition', () => {
  it('refuses a stored contradiction (written around the page saves) and submits nothing', async () => {
    const { token, userId } = await registerPatient(t, { date_naissance: BIRTH_DATES['70to75'] });
    const definition = latestDefinition('70to75');
    await storeAnswersAsIs(
      t.app,
      userId,
      { medicalTests: { cancers: true, noDiseases: true } },
      definition.pages.map((p) => p.section),
    );
    const before = await snapshot(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/utilisateur/me/submit', headers: auth(token) });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ code: 'invalid_answers', details: { errors: ['medicalTests.noDiseases'] } });
    expect(await snapshot(t.app)).toEqual(before);
  });
});

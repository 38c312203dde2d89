// D41, issue 46: the language a patient reads the questionnaire in is kept with the form; only
// French and the languages its version was published with are taken, only while it is in progress.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  auth,
  BIRTH_DATES,
  buildTestApp,
  registerPatient,
  saveTypicalPages,
  snapshot,
  type TestApp,
} from '../../test/helpers';
import { sqlGet, sqlRun } from '../../test/sql';
import { storedPdfsOf } from '../../test/readers';
import { foldedPdfText } from '../../test/pdfText';
import { findDefinition, languagesOf, latestDefinition } from '../questionnaire/definitions';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await t.close();
});

const choose = (token: string, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/utilisateur/me/language',
    headers: auth(token),
    payload: payload as object,
  });
const stored = async (userId: number) =>
  ((await sqlGet(t.app, 'SELECT language FROM forms WHERE patient_id = ?', userId)) as { language: string }).language;

describe('PUT /api/utilisateur/me/language', () => {
  it('keeps a language of the form’s version, French by default, and says it in the record', async () => {
    expect(languagesOf(latestDefinition('45to50'))).toContain('en');
    const { token, userId } = await registerPatient(t);
    expect(await stored(userId)).toBe('fr');
    const me = () => t.app.inject({ method: 'GET', url: '/api/utilisateur/me', headers: auth(token) });
    expect((await me()).json()).toMatchObject({ language: 'fr' });

    const chosen = await choose(token, { language: 'en' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toEqual({ language: 'en' });
    expect(await stored(userId)).toBe('en');
    expect((await me()).json()).toMatchObject({ language: 'en' });
    expect((await choose(token, { language: 'fr' })).json()).toEqual({ language: 'fr' });
    expect(await stored(userId)).toBe('fr');
  });

  it('refuses a language the version was not published with, or none at all, and changes nothing', async () => {
    const { token, userId } = await registerPatient(t);
    await choose(token, { language: 'en' });
    // A form keeps the version it was started on (D35): one begun on 45-50's 2.0.0, published
    // with English only, is not offered the Arabic that came with 2.1.0.
    expect(languagesOf(latestDefinition('45to50'))).toContain('ar');
    await sqlRun(t.app, "UPDATE forms SET definition_version = '2.0.0' WHERE patient_id = ?", userId);
    const before = await snapshot(t.app);
    const arabic = await choose(token, { language: 'ar' });
    expect(arabic.statusCode).toBe(422);
    expect(arabic.json()).toMatchObject({
      code: 'language_unavailable',
      message: 'Ce questionnaire n’est pas proposé dans cette langue.',
    });
    for (const payload of [{ language: 'de' }, {}, { language: 'en', other: 1 }, { language: ['en'] }]) {
      const refused = await choose(token, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'invalid_request' });
    }
    expect(await snapshot(t.app)).toEqual(before);
    expect(await stored(userId)).toBe('en');
    // A form stored in 1.x is French only, though its band's newest version is not (D41).
    const young = await registerPatient(t, { email: 'jeune@example.fr', date_naissance: BIRTH_DATES['18to25'] });
    expect(languagesOf(latestDefinition('18to25'))).toEqual(expect.arrayContaining(['fr', 'en', 'ar']));
    const first = findDefinition('bilan-18to25', '1.4.0');
    if (!first) throw new Error('18-25 1.4.0 is published');
    expect(languagesOf(first)).toEqual(['fr']);
    await sqlRun(t.app, "UPDATE forms SET definition_version = '1.4.0' WHERE patient_id = ?", young.userId);
    expect((await choose(young.token, { language: 'en' })).json()).toMatchObject({ code: 'language_unavailable' });
  });

  it('is closed once the questionnaire is sent, and asks a token', async () => {
    const { token, userId } = await registerPatient(t);
    await saveTypicalPages(t, token);
    await choose(token, { language: 'en' });
    const sent = await t.app.inject({ method: 'POST', url: '/api/utilisateur/me/submit', headers: auth(token) });
    expect(sent.statusCode, sent.body).toBe(200);
    await t.app.formPdfs.idle();
    const late = await choose(token, { language: 'fr' });
    expect([409, 401]).toContain(late.statusCode);
    expect(await stored(userId)).toBe('en');
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: '/api/utilisateur/me/language',
      payload: { language: 'en' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the PDFs of a questionnaire read in another language', () => {
  it('say « Questionnaire rempli en anglais » and print the answers in French; a French one says nothing of it', async () => {
    const texts: Record<string, string> = {};
    for (const language of ['en', 'fr'] as const) {
      const { token, userId } = await registerPatient(t, { email: `pdf-${language}@example.fr` });
      await saveTypicalPages(t, token);
      await choose(token, { language });
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/utilisateur/me/submit', headers: auth(token) })).statusCode,
      ).toBe(200);
      await t.app.formPdfs.idle();
      const pdfs = await storedPdfsOf(t.app, userId);
      texts[language] = pdfs.map((d) => foldedPdfText(d.content)).join('\n');
    }
    expect(texts.en).toContain('Questionnaire rempli en anglais');
    // The pharmacist reads the answers in French: « Oui », never the code nor the English.
    expect(texts.en).toContain('Avez-vous des enfants');
    expect(texts.en).not.toContain('Do you have children');
    expect(texts.fr).not.toContain('Questionnaire rempli en');
  });
});

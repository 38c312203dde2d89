import { describe, expect, it } from 'vitest';
import { fixtureOf } from '@bilan/fixtures';
import { auth, registerPatient, registrationBody, snapshot } from '../../../test/helpers';
import { eachAppWithPharmacyLogin, login, submittedForm } from '../../../test/accounts';
import { pdfText } from '../../../test/pdfText';
import { readWorkbook } from '../../../test/readers';
import { sqlGet, sqlRun } from '../../../test/sql';

// Issue 30, point 4: invisible format characters (Unicode Cf: bidirectional controls, zero-width
// characters) are refused in one-line fields and removed from free texts, and no text stored
// before that rule shows reversed ("photo\u202Egnp.exe" reads "photoexe.png") on the dashboard,
// in the export or in a PDF.

const t = eachAppWithPharmacyLogin();
const INVISIBLE = /\p{Cf}/u;
const reversed = 'photo\u202egnp.exe';

describe('a one-line field holding an invisible character', () => {
  it.each([
    ['prenom', 'Zoé\u202e'],
    ['nom', 'Le\u200bfèvre'],
    ['email', 'zoe\u2066@exemple.fr'],
  ])('is refused at registration: 400 invalid_text naming %s, nothing stored', async (field, value) => {
    const payload = await registrationBody(t, { [field]: value });
    const before = await snapshot(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/utilisateur/create', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_text', details: { field, reason: 'invisible' } });
    expect(await snapshot(t.app)).toEqual(before);
  });

  it('is refused in a pharmacy’s display name at sign-up and in a login address', async () => {
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        name: 'pharmacie-x',
        nom: 'Pharmacie \u2067du Port',
        email: 'a@b.fr',
        password: 'x',
        inviteToken: 'y',
      },
    });
    expect(signUp.statusCode).toBe(400);
    expect(signUp.json()).toMatchObject({ code: 'invalid_text', details: { field: 'nom', reason: 'invisible' } });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: `\u200b${t.pharmacy.email}`, password: 'x' },
    });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toMatchObject({ code: 'invalid_text', details: { field: 'email' } });
  });
});

describe('a free text holding an invisible character', () => {
  it('is stored without it', async () => {
    const { token, userId } = await registerPatient(t);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/utilisateur/me/responses',
      headers: auth(token),
      payload: {
        pageKey: 'addictionAndMentalHealth',
        reponses: { customFocusTopics: `Voir ${reversed}\u200b et\u2069 merci` },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().reponses.customFocusTopics).toBe('Voir photognp.exe et merci');
    const stored = (await sqlGet(t.app, 'SELECT answers FROM forms WHERE patient_id = ?', userId)) as {
      answers: string;
    };
    expect(stored.answers).toContain('Voir photognp.exe et merci');
    expect(stored.answers).not.toMatch(INVISIBLE);
  });
});

describe('a form stored before the rule, names and answers holding bidirectional controls', () => {
  it('never shows reversed: not on the dashboard, nor in the export, nor in either PDF', async () => {
    const typical = fixtureOf('45to50', 'typical');
    const answers = {
      ...typical.expected.normalized,
      addictionAndMentalHealth: {
        ...typical.expected.normalized.addictionAndMentalHealth,
        customFocusTopics: reversed,
      },
    };
    const { patientId } = await submittedForm(t.app, t.pharmacy.id, {
      lastName: 'Le\u202efèvre',
      firstName: 'Zo\u2067é',
      submittedAt: '2026-03-09T08:00:00.000Z',
      answers,
    });
    // The PDFs rendered from the stored row, as a download after a restart would.
    await sqlRun(t.app, 'DELETE FROM documents');
    const token = await login(t.app, t.pharmacy.email);
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: auth(token) });

    const list = await get('/api/responses/grouped?month=2026-03');
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('"nom":"Lefèvre","prenom":"Zoé"');
    expect(list.body).not.toMatch(INVISIBLE);
    const form = await get(`/api/forms/${patientId}`);
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('photognp.exe');
    expect(form.body).not.toMatch(INVISIBLE);

    const exported = await get('/api/utilisateurs/export');
    expect(exported.statusCode).toBe(200);
    const cells = Object.values(await readWorkbook(exported.rawPayload)).flat(2);
    expect(cells).toContain('Lefèvre');
    expect(cells).toContain('photognp.exe');
    expect(cells.filter((cell) => typeof cell === 'string' && INVISIBLE.test(cell))).toEqual([]);

    for (const kind of ['formulaire', 'bilan']) {
      const pdf = await get(`/api/pdf-download/${patientId}/${kind}`);
      expect(pdf.statusCode).toBe(200);
      const text = pdfText(pdf.rawPayload);
      expect(text).toContain('Zoé Lefèvre');
      expect(text).not.toMatch(INVISIBLE);
      if (kind === 'formulaire') expect(text).toContain('photognp.exe');
    }
  });
});

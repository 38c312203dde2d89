import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  auth,
  botTicket,
  buildTestApp,
  registrationBody,
  saveTypicalPages,
  snapshot,
  type TestApp,
} from '../../test/helpers';
import { sqlAll, sqlRun } from '../../test/sql';

// Issue 30, point 3: anyone may register with any e-mail address and any name, so the platform's
// e-mails must not carry a stranger's words: the address nobody verified gets « Bonjour, » and
// nothing typed, names are names, the pharmacy's notice names the patient and says nothing else.

const lure = 'Remboursement Ameli 187,40 EUR en attente, confirmez votre RIB : https://ameli-remboursement.example';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await t.close();
});

async function register(overrides: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/utilisateur/create',
    payload: await registrationBody(t, overrides),
  });
}

/** Registers, saves every page and finishes: the e-mails of the finishing call are queued. */
async function finishedFlow(
  names: { prenom: string; nom: string },
  rename?: string,
): Promise<Record<string, string>[]> {
  const created = await register({ ...names, email: 'victime@example.fr' });
  expect(created.statusCode, created.body).toBe(201);
  const { token, userId } = created.json() as { token: string; userId: number };
  if (rename) await sqlRun(t.app, 'UPDATE patients SET first_name = ? WHERE id = ?', rename, userId);
  await saveTypicalPages(t, token);
  const done = await t.app.inject({ method: 'POST', url: '/api/utilisateur/me/submit', headers: auth(token) });
  expect(done.statusCode, done.body).toBe(200);
  return (await sqlAll(t.app, 'SELECT kind, "to", subject, text, html FROM emails ORDER BY kind')) as Record<
    string,
    string
  >[];
}

describe('registration names', () => {
  it.each([
    ['prenom', lure],
    ['prenom', 'Zoé: votre colis'],
    ['nom', 'Martin/Durand'],
    ['nom', 'contact@exemple.fr'],
    ['nom', 'Martin 0612345678'],
    ['prenom', 'Zoé3'],
  ])('refuses a %s of « %s » with 422 invalid_name naming the field, storing nothing', async (field, value) => {
    const ticket = await botTicket(t.app, t.pharmacy.id);
    const before = await snapshot(t.app);
    const res = await register({ [field]: value, ticket });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: 'invalid_name',
      message:
        'Le nom et le prénom ne peuvent contenir que des lettres, des espaces, des apostrophes et des traits d’union.',
      error:
        'Le nom et le prénom ne peuvent contenir que des lettres, des espaces, des apostrophes et des traits d’union.',
      details: { field },
    });
    expect(await snapshot(t.app)).toEqual(before);
    // The refused registration left its ticket usable.
    expect((await register({ ticket })).statusCode).toBe(201);
  });

  it('takes names of any script with accents, spaces, apostrophes and hyphens', async () => {
    for (const [prenom, nom] of [
      ['Jean-Pierre', 'D’Artagnan'],
      ['Anne Marie', "N'Diaye"],
      ['Łukasz', 'Nguyễn'],
    ] as const) {
      const res = await register({ prenom, nom });
      expect(res.statusCode, res.body).toBe(201);
    }
  });
});

describe('the e-mails of a finished questionnaire', () => {
  it('greet the unverified address with « Bonjour, » and repeat no name; the pharmacy’s names the patient', async () => {
    const mails = await finishedFlow({ prenom: 'Zoé', nom: 'Lefèvre' });
    const confirmation = mails.find((m) => m.kind === 'patient_confirmation');
    expect(confirmation?.to).toBe('victime@example.fr');
    expect(confirmation?.text).toMatch(/^Bonjour,\n/);
    expect(confirmation?.html).toContain('<p>Bonjour,</p>');
    for (const part of [confirmation?.subject, confirmation?.text, confirmation?.html]) {
      expect(part).not.toContain('Zoé');
      expect(part).not.toContain('Lefèvre');
    }
    const notice = mails.find((m) => m.kind === 'pharmacy_new_bilan');
    expect(notice?.subject).toBe('Nouveau bilan prévention\u00a0: Zoé Lefèvre');
    expect(notice?.text).toContain('Zoé Lefèvre a terminé son questionnaire');
  });

  it('leave out a name stored before the rule that holds a message: the pharmacy’s notice says « Une personne »', async () => {
    const mails = await finishedFlow({ prenom: 'Zoé', nom: 'Lefèvre' }, lure);
    const notice = mails.find((m) => m.kind === 'pharmacy_new_bilan');
    expect(notice?.subject).toBe('Nouveau bilan prévention');
    expect(notice?.text).toContain('Une personne a terminé son questionnaire');
    for (const m of mails) {
      for (const part of [m.subject, m.text, m.html]) {
        expect(part).not.toContain('ameli');
        expect(part).not.toContain('RIB');
      }
    }
  });
});

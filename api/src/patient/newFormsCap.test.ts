import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auth, buildTestApp, registerPatient, registrationBody, snapshot, type TestApp } from '../../test/helpers';
import { createAdmin, deliveredTo, login } from '../../test/accounts';
import { sqlRun } from '../../test/sql';

// Issue 30, point 5: a pharmacy's link starts at most NEW_FORMS_PER_PHARMACY_HOUR forms in an
// hour (issue 41: every registration counts, sent or erased); beyond, registration answers 429 and the admins are told.

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp({ config: { newFormsPerPharmacyHour: 3 } });
});
afterEach(async () => {
  await t.close();
});

const register = async (clientId = t.pharmacy.id) =>
  t.app.inject({ method: 'POST', url: '/api/utilisateur/create', payload: await registrationBody(t, { clientId }) });

describe('the cap of new forms of a pharmacy', () => {
  it('refuses the registration after the cap with 429 and Retry-After, storing nothing; the other pharmacies go on', async () => {
    for (let i = 0; i < 3; i++) expect((await register()).statusCode).toBe(201);
    const payload = await registrationBody(t);
    const before = await snapshot(t.app, ['patients', 'forms', 'bot_check_solutions']);
    const refused = await t.app.inject({ method: 'POST', url: '/api/utilisateur/create', payload });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'too_many_new_forms',
      message:
        'Trop de questionnaires ont été commencés avec le lien de cette pharmacie depuis une heure. Veuillez réessayer plus tard ou vous adresser au comptoir.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await snapshot(t.app, ['patients', 'forms', 'bot_check_solutions'])).toEqual(before);
    expect((await register(t.otherPharmacy.id)).statusCode).toBe(201);
  });

  it('counts every registration of the last hour: a form sent or erased keeps its place', async () => {
    const sent = await registerPatient(t);
    const erased = await registerPatient(t);
    await registerPatient(t);
    expect((await register()).statusCode).toBe(429);
    // Issue 41, point 1: finishing or erasing a form used to free its place for another bot.
    await sqlRun(t.app, "UPDATE forms SET status = 'submitted' WHERE patient_id = ?", sent.userId);
    expect((await register()).statusCode).toBe(429);
    const erase = await t.app.inject({ method: 'DELETE', url: '/api/utilisateur/me', headers: auth(erased.token) });
    expect(erase.statusCode, erase.body).toBe(200);
    expect((await register()).statusCode).toBe(429);
    // An hour later the cap counts from zero.
    t.advanceClock(3600_000 + 1);
    expect((await register()).statusCode).toBe(201);
  });

  it('tells the admins once an hour by e-mail, and lists the hour’s refusals in the admin’s API', async () => {
    const admin = await createAdmin(t.app);
    for (let i = 0; i < 3; i++) await registerPatient(t);
    for (let i = 0; i < 4; i++) expect((await register()).statusCode).toBe(429);
    const mails = (await deliveredTo(t.app, admin.email)).filter((m) => m.subject.includes('Plafond'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Plafond de nouveaux questionnaires atteint\u00a0: Pharmacie de l’Étoile');
    expect(mails[0]?.text).toContain(
      'Pharmacie de l’Étoile (pharmacie-test) a commencé 3\u00a0questionnaires en une heure',
    );

    const token = await login(t.app, admin.email);
    const alerts = await t.app.inject({ method: 'GET', url: '/api/admin/alerts', headers: auth(token) });
    expect(alerts.statusCode).toBe(200);
    expect(alerts.json()).toEqual([
      {
        kind: 'new_forms',
        clientName: 'pharmacie-test',
        nom: 'Pharmacie de l’Étoile',
        hour: '2026-03-10T10:00:00.000Z',
        refused: 4,
        lastAt: expect.any(String),
        cap: 3,
      },
    ]);
    // A pharmacist may not read them.
    const pharmacist = await t.app.inject({ method: 'GET', url: '/api/admin/alerts' });
    expect(pharmacist.statusCode).toBe(401);
  });
});

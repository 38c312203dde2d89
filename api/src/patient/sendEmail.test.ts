import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixtureOf } from '@bilan/fixtures';
import { auth, buildTestApp, registerPatient, snapshot, TEST_NOW, type TestApp } from '../../test/helpers';
import { sqlAll } from '../../test/sql';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await t.close();
});

const typical = fixtureOf('45to50', 'typical');

async function submitted(): Promise<string> {
  const { token } = await registerPatient(t);
  for (const [pageKey, reponses] of Object.entries(typical.answers ?? {})) {
    await t.app.inject({
      method: 'PATCH',
      url: '/api/utilisateur/me/responses',
      headers: auth(token),
      payload: { pageKey, reponses },
    });
  }
  await t.app.inject({ method: 'POST', url: '/api/utilisateur/me/submit', headers: auth(token) });
  return token;
}

describe('POST /api/email/:clientName/send-email', () => {
  // The finishing call queues the pharmacy's notice; once it ran, the patient's session is over
  // (D23), so this call can no longer queue it a second time.
  it('refuses a finished questionnaire’s token with form_submitted and queues nothing more', async () => {
    const token = await submitted();
    await t.app.mailer.idle();
    const before = await snapshot(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/email/pharmacie-test/send-email',
      headers: auth(token),
      payload: {},
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('form_submitted');
    expect(await snapshot(t.app)).toEqual(before);
    const rows = await sqlAll(t.app, 'SELECT "to", attachments FROM emails WHERE kind = \'pharmacy_new_bilan\'');
    expect(rows).toEqual([{ to: t.pharmacy.email, attachments: '[]' }]);
  });

  it('refuses another pharmacy’s name, a questionnaire not yet sent, and a missing token, storing nothing', async () => {
    const fresh = await registerPatient(t, { email: 'new@example.fr' });
    const cases: [string, Record<string, string>, number, string][] = [
      ['/api/email/autre-pharmacie/send-email', auth(fresh.token), 403, 'forbidden'],
      ['/api/email/pharmacie-test/send-email', {}, 401, 'unauthenticated'],
      ['/api/email/pharmacie-test/send-email', auth(fresh.token), 409, 'not_submitted'],
    ];
    for (const [url, headers, status, code] of cases) {
      await t.app.mailer.idle();
      const before = await snapshot(t.app);
      const res = await t.app.inject({ method: 'POST', url, headers, payload: {} });
      expect(res.statusCode, url).toBe(status);
      expect(res.json().code).toBe(code);
      expect(await snapshot(t.app)).toEqual(before);
    }
  });
});

describe('the e-mails the finishing call queues', () => {
  // Two clocks, each fixed here: the business clock dates the record, the mail queue's clock (real
  // time in service) says when a message falls due, as its passes read it.
  it('are dated by the business clock and due at once on the mail queue’s clock', async () => {
    await t.close();
    const mailNow = new Date('2026-03-10T10:07:00.000Z');
    t = await buildTestApp({ mailClock: () => mailNow });
    await submitted();
    await t.app.mailer.idle();
    const rows = await sqlAll(
      t.app,
      'SELECT kind, created_at AS "createdAt", next_attempt_at AS "dueAt", status, sent_at AS "sentAt" FROM emails ORDER BY kind',
    );
    expect(rows).toEqual(
      ['patient_confirmation', 'pharmacy_new_bilan'].map((kind) => ({
        kind,
        createdAt: TEST_NOW.toISOString(),
        dueAt: mailNow.toISOString(),
        status: 'sent',
        sentAt: mailNow.toISOString(),
      })),
    );
  });
});

// One-time codes and reset, verification or invitation links are never stored in clear (issue 14):
// the mail queue keeps them sealed and deletes them once delivered. The proof reads the database
// file and its WAL byte by byte.
import { existsSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { auth, buildTestApp, type TestApp } from '../../test/helpers';
import { createAdmin, enableLogin, STAFF_PASSWORD } from '../../test/accounts';
import { startSmtpSink, type SmtpSink } from '../../test/smtpSink';
import { DELETED_TEXT } from './repository';
import { sqlAll, sqlGet } from '../../test/sql';

let t: TestApp | undefined;
let sink: SmtpSink | undefined;
afterEach(async () => {
  await t?.close();
  await sink?.close();
  t = undefined;
  sink = undefined;
});

/** The raw bytes SQLite wrote: the database file and its write-ahead log. */
function databaseBytes(file: string): Buffer {
  return Buffer.concat([file, `${file}-wal`].filter(existsSync).map((f) => readFileSync(f)));
}

const codeIn = (text: string) => /code de vérification est\s: (\d{6})/.exec(text)?.[1] ?? '';
const tokenIn = (text: string) => /token=([A-Za-z0-9_-]{40,})/.exec(text)?.[1] ?? '';

describe('secrets in the mail queue', () => {
  it('never reach the database file in clear, and their text is deleted once delivered', async () => {
    sink = await startSmtpSink();
    t = await buildTestApp({ config: { smtpUrl: sink.url } });
    const app = t.app;
    await enableLogin(app, t.pharmacy.id);
    const admin = await createAdmin(app);
    // The admin logs in with the code the SMTP server received (this app has no outbox).
    const step = (
      await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: admin.email, password: STAFF_PASSWORD },
      })
    ).json() as { token: string };
    const [adminMail] = await sink.waitFor(1);
    const verified = await app.inject({
      method: 'POST',
      url: '/api/auth/verify',
      headers: auth(step.token),
      payload: { email: admin.email, code: codeIn(adminMail?.text ?? '') },
    });
    const adminToken = (verified.json() as { token: string }).token;
    const invitation = (
      await app.inject({ method: 'POST', url: '/api/admin/invitations', headers: auth(adminToken), payload: {} })
    ).json() as { token: string };
    const registered = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        name: 'pharma-neuve',
        nom: 'Pharmacie Neuve',
        email: 'neuve@pharma.test',
        password: 'une phrase de passe solide',
        inviteToken: invitation.token,
      },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    expect(
      (await app.inject({ method: 'POST', url: '/api/auth/request-reset', payload: { email: t.pharmacy.email } }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: t.pharmacy.email, password: STAFF_PASSWORD },
        })
      ).json().step,
    ).toBe('verify');

    const received = await sink.waitFor(4);
    await app.mailer.idle();
    const text = (subject: RegExp) => received.filter((m) => subject.test(m.subject)).at(-1)?.text ?? '';
    const secrets = {
      code: codeIn(text(/code de connexion/)),
      reset: tokenIn(text(/Réinitialisation/)),
      verify: tokenIn(text(/Confirmez/)),
      invitation: invitation.token,
    };
    for (const [what, value] of Object.entries(secrets)) expect(value.length, what).toBeGreaterThanOrEqual(6);

    const bytes = databaseBytes(t.config.databaseFile);
    for (const [what, value] of Object.entries(secrets))
      expect(bytes.includes(Buffer.from(value, 'utf8')), `${what} in the database`).toBe(false);
    const rows = await sqlAll(
      app,
      "SELECT kind, status, text, html FROM emails WHERE kind IN ('login_code', 'reset_password', 'verify_email') ORDER BY id",
    );
    // The admin's login code, the new pharmacy's verification link, the reset link, the pharmacy's code.
    expect(rows).toEqual(
      ['login_code', 'verify_email', 'reset_password', 'login_code'].map((kind) => ({
        kind,
        status: 'sent',
        text: DELETED_TEXT,
        html: null,
      })),
    );
  });

  it('keeps a code sealed while its message waits, delivers it after a restart, then deletes it', async () => {
    const down = await startSmtpSink();
    const port = down.port;
    await down.close();
    t = await buildTestApp({
      config: { smtpUrl: `smtp://127.0.0.1:${port}`, mailRetryBaseMs: 50, mailRetryMaxMs: 100, mailMaxAttempts: 1000 },
    });
    const id = await t.app.mailer.enqueue({
      kind: 'login_code',
      to: 'p@pharma.test',
      subject: 'Code',
      text: 'Votre code de vérification est\u00a0: 654321',
      secret: true,
    });
    const waiting = (await sqlGet(t.app, 'SELECT text FROM emails WHERE id = ?', id)) as { text: string };
    expect(waiting.text).not.toContain('654321');
    expect(databaseBytes(t.config.databaseFile).includes(Buffer.from('654321'))).toBe(false);
    await t.app.close();

    sink = await startSmtpSink(port);
    const again = await buildApp({ config: { ...t.config, smtpUrl: sink.url } });
    try {
      const [mail] = await sink.waitFor(1, 20_000);
      expect(mail?.text).toContain('654321');
      await again.mailer.idle();
      expect(await sqlGet(again, 'SELECT status, text FROM emails WHERE id = ?', id)).toEqual({
        status: 'sent',
        text: DELETED_TEXT,
      });
    } finally {
      await again.close();
    }
  });
});

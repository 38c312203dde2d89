// No e-mail of the product carries a credential in a URL's query string (OWASP API2): invitation,
// e-mail verification and password reset links carry their token in the fragment, which the
// browser keeps to itself. Read from the outbox, as the recipients read them.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auth, buildTestApp, type TestApp } from '../../test/helpers';
import { createAdmin, deliveredTo, enableLogin, fragmentToken, lastLink, login } from '../../test/accounts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

it('sends invitation, verification and reset links with their token in the fragment, and no token in any query string', async () => {
  await enableLogin(t.app, t.pharmacy.id);
  const admin = await createAdmin(t.app);
  const adminToken = await login(t.app, admin.email, undefined, '10.0.0.7');
  const invited = await t.app.inject({
    method: 'POST',
    url: '/api/admin/invitations',
    headers: auth(adminToken),
    payload: { email: 'nouvelle@pharma.test', ttlDays: 3 },
  });
  expect(invited.statusCode, invited.body).toBe(201);
  const [invitation] = await deliveredTo(t.app, 'nouvelle@pharma.test');
  const inviteLink = /https?:\/\/\S+/.exec(invitation?.text ?? '')?.[0] ?? '';
  expect(inviteLink).toMatch(/^http:\/\/bilan\.test\/register#invite=[\w-]{43}$/);

  const registered = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: {
      name: 'pharma-nouvelle',
      nom: 'Pharmacie Nouvelle',
      email: 'nouvelle@pharma.test',
      password: 'une phrase de passe solide',
      inviteToken: fragmentToken(inviteLink),
    },
  });
  expect(registered.statusCode, registered.body).toBe(201);
  expect(await lastLink(t.app, 'nouvelle@pharma.test', 'verify_email')).toMatch(
    /^http:\/\/bilan\.test\/email-verifie#token=[\w-]{43}$/,
  );
  await t.app.inject({ method: 'POST', url: '/api/auth/request-reset', payload: { email: t.pharmacy.email } });
  expect(await lastLink(t.app, t.pharmacy.email, 'reset_password')).toMatch(
    /^http:\/\/bilan\.test\/reset-password#token=[\w-]{43}$/,
  );

  // Every message of the outbox, raw (text and HTML parts, headers), whatever its kind.
  const raw = readdirSync(t.app.config.outboxDir)
    .filter((f) => f.endsWith('.eml'))
    .map((f) =>
      readFileSync(join(t.app.config.outboxDir, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/gi, '='),
    );
  expect(raw.length).toBeGreaterThanOrEqual(4);
  const urls = raw.flatMap((m) => m.match(/https?:\/\/[^\s"'<>]+/g) ?? []);
  expect(urls.filter((u) => u.includes('#')).length).toBeGreaterThanOrEqual(3);
  expect(urls.filter((u) => /[?&](token|invite|code|key|secret)=/i.test(u))).toEqual([]);
});

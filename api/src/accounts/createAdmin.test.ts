import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { fragmentToken, login } from '../../test/accounts';
import { ADMIN_LINK_TTL_MS, createAdmin } from './createAdmin';
import { sqlAll, sqlGet } from '../../test/sql';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await t.close();
});

const choosePassword = (token: string, newPassword: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword } });
const admins = () => sqlAll(t.app, "SELECT email, name FROM accounts WHERE role = 'admin'");

describe('admin:create', () => {
  it('creates the admin with a password nobody knows, and a single-use link that leads to a working login', async () => {
    const result = await createAdmin(t.app, '  Direction@Groupement-Pharma.FR ');
    if (result.status !== 'created') throw new Error(result.status);
    expect(result.email).toBe('direction@groupement-pharma.fr');
    expect(result.link).toMatch(/^http:\/\/bilan\.test\/reset-password#token=[\w-]{30,}$/);
    expect(result.expiresAt.getTime() - t.app.clock().getTime()).toBe(ADMIN_LINK_TTL_MS);
    expect(await admins()).toEqual([{ email: 'direction@groupement-pharma.fr', name: 'admin' }]);

    const password = 'une phrase de passe du groupement';
    expect((await choosePassword(fragmentToken(result.link), password)).statusCode).toBe(200);
    // Single use: the same link is refused afterwards.
    expect((await choosePassword(fragmentToken(result.link), 'une autre phrase de passe longue')).json()).toMatchObject(
      { code: 'invalid_token' },
    );
    const staff = await login(t.app, 'direction@groupement-pharma.fr', password);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${staff}` },
    });
    expect(me.json()).toMatchObject({ client: { role: 'admin' } });
  });

  it('run again for the same address, gives a new link and creates nothing', async () => {
    const first = await createAdmin(t.app, 'direction@groupement-pharma.fr');
    const again = await createAdmin(t.app, 'direction@groupement-pharma.fr');
    expect(again.status).toBe('renewed');
    if (first.status !== 'created' || again.status !== 'renewed') throw new Error('statuses');
    expect(again.link).not.toBe(first.link);
    expect(await admins()).toHaveLength(1);
    // A second admin does not take the first one's route name.
    const second = await createAdmin(t.app, 'adjoint@groupement-pharma.fr');
    expect(second.status).toBe('created');
    expect(await admins()).toEqual([
      { email: 'direction@groupement-pharma.fr', name: 'admin' },
      { email: 'adjoint@groupement-pharma.fr', name: expect.stringMatching(/^admin-[0-9a-f]{8}$/) },
    ]);
  });

  it('refuses a malformed address and a pharmacy’s address, changing nothing', async () => {
    const before = await sqlGet(t.app, 'SELECT count(*) AS n FROM account_tokens');
    expect(await createAdmin(t.app, 'direction')).toEqual({ status: 'invalid_email', email: 'direction' });
    expect(await createAdmin(t.app, t.pharmacy.email)).toEqual({ status: 'not_admin', email: t.pharmacy.email });
    expect(await admins()).toEqual([]);
    expect(await sqlGet(t.app, 'SELECT count(*) AS n FROM account_tokens')).toEqual(before);
  });
});

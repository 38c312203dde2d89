import { describe, expect, it } from 'vitest';
import { auth } from '../../test/helpers';
import { eachAppWithPharmacyLogin, lastCode, login, STAFF_PASSWORD } from '../../test/accounts';
import { sqlGet } from '../../test/sql';
import { MAX_UNLOCK_CODE_TRIES } from './sessionLock';

// D40, issue 44: « Passer la tablette au patient » locks this device's staff session; every staff
// route refuses it until the password or the short code is given again; logout stays open.

const t = eachAppWithPharmacyLogin();
const WEB = { 'x-bilan-client': 'web' };

const post = (url: string, token: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: auth(token), payload });
const lock = (token: string, code?: string) => post('/api/auth/lock', token, code === undefined ? {} : { code });
const unlock = (token: string, proof: { password?: string; code?: string }) => post('/api/auth/unlock', token, proof);
const dashboard = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/responses/grouped', headers: auth(token) });

/** A concrete address for each route pattern of the app. */
const PARAMS: Record<string, string> = {
  clientName: 'pharmacie-test',
  id: '1',
  actId: '1',
  kind: 'bilan',
  copy: 'patient',
};
const concrete = (url: string) => url.replace(/:(\w+)/g, (_, name: string) => PARAMS[name] ?? '1');

/** Every staff route the app registers (any role), but the two a locked device may call. */
function staffRoutes(): string[] {
  return [...t.app.accessDecisions]
    .filter(([route, access]) => !route.startsWith('HEAD ') && ['staff', 'pharmacy', 'admin'].includes(access))
    .map(([route]) => route);
}

async function expectLocked(token: string) {
  const res = await dashboard(token);
  expect(res.statusCode, res.body).toBe(423);
  expect(res.json()).toMatchObject({
    code: 'session_locked',
    message: expect.stringMatching(/^Tablette en mode patient/),
  });
}

describe('patient mode (a locked staff session)', () => {
  it('refuses the locked session on every staff route the app has, the account lookup included', async () => {
    const token = await login(t.app, t.pharmacy.email);
    expect((await lock(token, '2468')).statusCode).toBe(204);
    const routes = staffRoutes();
    expect(routes).toEqual(
      expect.arrayContaining(['GET /api/auth/me', 'GET /api/responses/grouped', 'GET /api/admin/alerts']),
    );
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      const [method = 'GET', url = ''] = route.split(' ');
      const res = await t.app.inject({
        method: method as 'GET',
        url: concrete(url),
        headers: auth(token),
        ...(method === 'GET' ? {} : { payload: {} }),
      });
      expect(res.statusCode, `${route}: ${res.body}`).toBe(423);
      expect(res.json().code, route).toBe('session_locked');
    }
  });

  it('keeps the code hashed on the session row, and locks only this session: another device of the account stays open', async () => {
    const tablet = await login(t.app, t.pharmacy.email);
    const desk = await login(t.app, t.pharmacy.email, STAFF_PASSWORD, '10.0.0.2');
    await lock(tablet, '2468');
    const rows = await sqlGet<{ n: number }>(
      t.app,
      "select count(*) as n from staff_sessions where locked_at is not null and unlock_code_hash like '$argon2id$%'",
    );
    expect(Number(rows?.n)).toBe(1);
    await expectLocked(tablet);
    expect((await dashboard(desk)).statusCode).toBe(200);
  });

  it('unlocks with the account’s password, and the session works again', async () => {
    const token = await login(t.app, t.pharmacy.email);
    await lock(token);
    expect((await unlock(token, { password: STAFF_PASSWORD })).statusCode).toBe(204);
    expect((await dashboard(token)).statusCode).toBe(200);
    // Open again: it can be locked again, and unlocking an open session is refused.
    expect((await unlock(token, { password: STAFF_PASSWORD })).json().code).toBe('session_not_locked');
    expect((await lock(token, '1357')).statusCode).toBe(204);
    await expectLocked(token);
  });

  it('unlocks with the code; a wrong code or password is refused in French and changes nothing', async () => {
    const token = await login(t.app, t.pharmacy.email);
    await lock(token, '2468');
    const wrongCode = await unlock(token, { code: '1111' });
    expect(wrongCode.statusCode).toBe(403);
    expect(wrongCode.json()).toMatchObject({
      code: 'wrong_unlock_code',
      message: expect.stringMatching(/^Code incorrect\. Il vous reste 4 essais/),
    });
    const wrongPassword = await unlock(token, { password: 'pas le bon mot de passe' });
    expect(wrongPassword.statusCode).toBe(403);
    expect(wrongPassword.json()).toMatchObject({ code: 'wrong_unlock_password', message: 'Mot de passe incorrect.' });
    await expectLocked(token);
    expect((await unlock(token, { code: '2468' })).statusCode).toBe(204);
    expect((await dashboard(token)).statusCode).toBe(200);
  });

  it('takes no code when none was chosen, and refuses a body with both or neither', async () => {
    const token = await login(t.app, t.pharmacy.email);
    await lock(token);
    expect((await unlock(token, { code: '2468' })).json().code).toBe('unlock_code_unset');
    expect((await unlock(token, {})).statusCode).toBe(400);
    expect((await unlock(token, { code: '2468', password: STAFF_PASSWORD })).statusCode).toBe(400);
    await expectLocked(token);
  });

  it(`refuses the code after ${MAX_UNLOCK_CODE_TRIES} wrong ones, even the right one: the password is needed`, async () => {
    const token = await login(t.app, t.pharmacy.email);
    await lock(token, '2468');
    for (let i = 0; i < MAX_UNLOCK_CODE_TRIES; i += 1)
      expect((await unlock(token, { code: '0000' })).statusCode).toBe(403);
    const spent = await unlock(token, { code: '2468' });
    expect(spent.json()).toMatchObject({ code: 'unlock_code_spent', message: expect.stringContaining('mot de passe') });
    await expectLocked(token);
    expect((await unlock(token, { password: STAFF_PASSWORD })).statusCode).toBe(204);
  });

  it('refuses a code that is not 4 to 8 digits at the lock, and a second lock of a locked session', async () => {
    const token = await login(t.app, t.pharmacy.email);
    for (const code of ['123', '123456789', '12a4', '']) expect((await lock(token, code)).statusCode, code).toBe(400);
    expect((await dashboard(token)).statusCode).toBe(200);
    await lock(token, '12345678');
    expect((await lock(token, '1111')).statusCode).toBe(423);
    expect((await unlock(token, { code: '12345678' })).statusCode).toBe(204);
  });

  it('lets a locked session log out, which ends it', async () => {
    const token = await login(t.app, t.pharmacy.email);
    await lock(token, '2468');
    expect((await post('/api/auth/logout', token)).statusCode).toBe(204);
    expect((await dashboard(token)).statusCode).toBe(401);
    expect((await unlock(token, { code: '2468' })).statusCode).toBe(401);
  });

  it('holds for the web app’s cookie and for the same session sent as a bearer token', async () => {
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: WEB,
      payload: { email: t.pharmacy.email, password: STAFF_PASSWORD },
    });
    const { token: mfa } = first.json() as { token: string };
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify',
      headers: { ...WEB, ...auth(mfa) },
      payload: { email: t.pharmacy.email, code: await lastCode(t.app, t.pharmacy.email) },
    });
    const cookie = String(verified.headers['set-cookie']).match(/bilan_session=[^;]+/)?.[0] ?? '';
    const web = (url: string, payload?: object) =>
      t.app.inject({
        method: payload ? 'POST' : 'GET',
        url,
        headers: { ...WEB, cookie },
        ...(payload ? { payload } : {}),
      });
    expect((await web('/api/auth/lock', { code: '2468' })).statusCode).toBe(204);
    const me = await web('/api/auth/me');
    expect(me.statusCode).toBe(423);
    expect(me.json().code).toBe('session_locked');
    await expectLocked(cookie.slice('bilan_session='.length));
    expect((await web('/api/auth/unlock', { code: '2468' })).statusCode).toBe(204);
    expect((await web('/api/auth/me')).statusCode).toBe(200);
  });
});

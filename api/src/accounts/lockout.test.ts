// No one locked out (issue 14): an attacker's failures slow the attacker, per account and
// address, with growing delays, and survive a restart; the pharmacist on a device that already
// logged in is never held by them.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { buildTestApp, TEST_NOW, type TestApp } from '../../test/helpers';
import { enableLogin, fragmentToken, lastCode, lastLink, loginWithDevice, STAFF_PASSWORD } from '../../test/accounts';
import { hashToken } from './secretToken';
import { sqlAll } from '../../test/sql';

let t: TestApp | undefined;
let restarted: FastifyInstance | undefined;
afterEach(async () => {
  await restarted?.close();
  await t?.close();
  restarted = undefined;
  t = undefined;
});

const ATTACKER = '66.6.6.6';

describe('login limits across a restart', () => {
  it(
    '200 failed attempts from one address, a restart, then the pharmacist logs in from a known device; the attacker is still held',
    { timeout: 120_000 },
    async () => {
      let now = new Date(TEST_NOW);
      // The route's own request cap (in memory, per minute of real time) is left out: the login limiter is what is tested.
      t = await buildTestApp({ clock: () => now, config: { rateLimit: false } });
      await enableLogin(t.app, t.pharmacy.id);
      const email = t.pharmacy.email;
      // The pharmacist's computer logged in once: it is a trusted device of the account.
      const device = await loginWithDevice(t.app, email, { ip: '10.0.0.1' });

      const attempt = (app: FastifyInstance, ip: string, password = 'devine-moi-si-tu-peux') =>
        app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });
      const outcomes: Record<number, number> = {};
      for (let i = 0; i < 200; i++) {
        const res = await attempt(t.app, ATTACKER);
        outcomes[res.statusCode] = (outcomes[res.statusCode] ?? 0) + 1;
        now = new Date(now.getTime() + 10_000);
      }
      // The first failures are answered, then the attacker waits longer and longer.
      expect(Object.keys(outcomes).sort()).toEqual(['401', '429']);
      expect(outcomes[429]).toBeGreaterThan(150);

      // A restart: a new app over the same database file.
      await t.app.close();
      restarted = await buildApp({ config: t.config, clock: () => now });

      // The attacker is still held, even with the right password...
      const held = await attempt(restarted, ATTACKER, STAFF_PASSWORD);
      expect(held.statusCode).toBe(429);
      expect(held.json().code).toBe('too_many_attempts');
      // The wait is told in seconds, as the message tells it in minutes.
      const retryAfter = Number(held.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(held.json().message).toBe(
        `Trop de tentatives. Réessayez dans ${Math.ceil(retryAfter / 60)} minute${retryAfter > 60 ? 's' : ''}.`,
      );
      // ...and slowed from another address too once its own allowance is spent.
      const other: number[] = [];
      for (let i = 0; i < 11; i++) other.push((await attempt(restarted, '66.6.6.7')).statusCode);
      expect(other.slice(0, 10).every((s) => s === 401)).toBe(true);
      expect(other[10]).toBe(429);
      // A distributed attack then spends the account's allowance over many addresses.
      for (let i = 0; i < 100; i++) await attempt(restarted, `66.7.${i}.1`);
      expect((await attempt(restarted, '77.7.7.7', STAFF_PASSWORD)).statusCode).toBe(429);

      // The pharmacist, on the known device, logs in: password and e-mailed code, even from the attacker's address.
      const again = await loginWithDevice(restarted, email, { ip: ATTACKER, cookie: device.cookie });
      expect(again.token).toMatch(/^ey/);
      const fromOffice = await loginWithDevice(restarted, email, { ip: '10.0.0.1', cookie: device.cookie });
      expect(fromOffice.token).toMatch(/^ey/);
    },
  );

  it('count the failures of one IPv6 /64 as those of one address', async () => {
    t = await buildTestApp();
    await enableLogin(t.app, t.pharmacy.id);
    const attempt = (ip: string) =>
      (t as TestApp).app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: (t as TestApp).pharmacy.email, password: 'devine-moi' },
        remoteAddress: ip,
      });
    // Ten addresses of one subscriber's /64: its allowance for the account is spent.
    for (let i = 1; i <= 10; i++) expect((await attempt(`2001:db8:1:2::${i.toString(16)}`)).statusCode).toBe(401);
    expect((await attempt('2001:db8:1:2:ffff:ffff:ffff:ffff')).statusCode).toBe(429);
    expect((await attempt('2001:db8:1:3::1')).statusCode).toBe(401);
  });
});

describe('login limits on the routes', () => {
  let now: Date;
  let app: FastifyInstance;
  let email: string;
  const loginReq = (email: string, password: string, ip = '10.0.0.1') =>
    app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });
  const verifyReq = (temp: string, email: string, code: string, ip = '10.0.0.1') =>
    app.inject({
      method: 'POST',
      url: '/api/auth/verify',
      headers: { authorization: `Bearer ${temp}` },
      payload: { email, code },
      remoteAddress: ip,
    });
  beforeEach(async () => {
    now = new Date(TEST_NOW);
    t = await buildTestApp({ clock: () => new Date(now) });
    await enableLogin(t.app, t.pharmacy.id);
    app = t.app;
    email = t.pharmacy.email;
  });

  it('holds an address after 10 failures for an account, longer at each failure, while the pharmacy’s known device logs in', async () => {
    const device = await loginWithDevice(app, email, { ip: '10.0.0.1' });
    for (let i = 0; i < 10; i++)
      expect((await loginReq(email, 'mauvais mot de passe', '66.6.6.6')).statusCode).toBe(401);
    const blocked = await loginReq(email, STAFF_PASSWORD, '66.6.6.6');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('too_many_attempts');
    // One more failure once the first hold (1 s) is over: the next hold is 2 s.
    now = new Date(now.getTime() + 1_000);
    expect((await loginReq(email, 'mauvais mot de passe', '66.6.6.6')).statusCode).toBe(401);
    now = new Date(now.getTime() + 1_500);
    expect((await loginReq(email, STAFF_PASSWORD, '66.6.6.6')).statusCode).toBe(429);
    now = new Date(now.getTime() + 600);
    expect((await loginReq(email, STAFF_PASSWORD, '66.6.6.6')).statusCode).toBe(200);
    // The known device is never held by the attacker's failures, whatever its address.
    const fromDevice = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: STAFF_PASSWORD },
      remoteAddress: '66.6.6.6',
      headers: { cookie: device.cookie },
    });
    expect(fromDevice.statusCode).toBe(200);
  });

  it('holds an account after 100 failures across addresses, except on its trusted devices', async () => {
    const device = await loginWithDevice(app, email, { ip: '10.0.0.1' });
    for (let i = 0; i < 100; i++)
      expect((await loginReq(email, 'mauvais mot de passe', `66.${i >> 3}.${i}.1`)).statusCode).toBe(401);
    expect((await loginReq(email, STAFF_PASSWORD, '77.7.7.7')).statusCode).toBe(429);
    const again = await loginWithDevice(app, email, { ip: '77.7.7.7', cookie: device.cookie });
    expect(again.cookie).toBe(device.cookie);
    now = new Date(now.getTime() + 1_001);
    expect((await loginReq(email, STAFF_PASSWORD, '77.7.7.7')).statusCode).toBe(200);
  });

  it('a password reset forgets every trusted device but the browser that resets', async () => {
    const office = await loginWithDevice(app, email, { ip: '10.0.0.1' });
    // An intruder who knew the password logged in once: its browser became a trusted device too.
    const intruder = await loginWithDevice(app, email, { ip: '66.6.6.6' });
    await app.inject({ method: 'POST', url: '/api/auth/request-reset', payload: { email } });
    const token = fragmentToken(await lastLink(app, email, 'reset_password'));
    const newPassword = 'un tout nouveau mot de passe';
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword },
      headers: { cookie: office.cookie },
    });
    expect(reset.statusCode).toBe(200);
    expect(await sqlAll(app, 'SELECT token_hash AS hash FROM trusted_devices')).toEqual([
      { hash: hashToken(office.cookie.split('=')[1] ?? '') },
    ]);

    // An attack spends the account's allowance: the office still logs in, the intruder's browser is held like any other.
    for (let i = 0; i < 100; i++) await loginReq(email, 'mauvais mot de passe', `66.${i >> 3}.${i}.1`);
    const held = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: newPassword },
      remoteAddress: '77.7.7.7',
      headers: { cookie: intruder.cookie },
    });
    expect(held.statusCode).toBe(429);
    const fromOffice = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: newPassword },
      remoteAddress: '77.7.7.7',
      headers: { cookie: office.cookie },
    });
    expect(fromOffice.statusCode).toBe(200);
  });

  it('sets the trusted-device cookie httpOnly, SameSite=Strict, for /api/auth only, and keeps only its hash', async () => {
    const res = await loginWithDevice(app, email);
    const first = await loginReq(email, STAFF_PASSWORD);
    const step = await verifyReq(first.json().token, email, await lastCode(app, email));
    const header = String(step.headers['set-cookie']);
    expect(header).toMatch(
      /^bilan_device=[A-Za-z0-9_-]{43}(\.[A-Za-z0-9_-]{43})*; Path=\/api\/auth; HttpOnly; SameSite=Strict; Max-Age=7776000$/,
    );
    const token = res.cookie.split('=')[1] ?? '';
    const stored = (await sqlAll(app, 'SELECT token_hash AS hash FROM trusted_devices')) as { hash: string }[];
    expect(stored.map((r) => r.hash)).toContain(hashToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);
  });
});

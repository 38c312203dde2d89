// Every route has an explicit access decision in one table (plugins/access.ts), the guards come
// from it, and a route added without one stops the start.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import app, { serverOptions } from '../app';
import { auth, buildTestApp, registerPatient, type TestApp } from '../../test/helpers';
import { createAdmin, enableLogin, login } from '../../test/accounts';
import { ACCESS, type Access } from './access';

let t: TestApp;
let tokens: Record<'patient' | 'pharmacy' | 'admin', string>;
beforeAll(async () => {
  t = await buildTestApp({ config: { rateLimit: false } });
  await enableLogin(t.app, t.pharmacy.id);
  const admin = await createAdmin(t.app);
  tokens = {
    patient: (await registerPatient(t)).token,
    pharmacy: await login(t.app, t.pharmacy.email),
    admin: await login(t.app, admin.email, undefined, '10.0.0.7'),
  };
});
afterAll(async () => {
  await t.close();
});

/** A concrete URL for a route pattern. */
const concrete = (url: string) =>
  url.replace(':clientName', 'pharmacie-test').replace(':id', '1').replace(':kind', 'bilan');
/** Bodies that pass a route's schema, for the guards that run after it (preHandler). */
const bodies: Record<string, object> = { 'POST /api/auth/verify': { email: 'p@pharma.test', code: '123456' } };
const call = (route: string, token?: string) => {
  const [method = 'GET', url = ''] = route.split(' ');
  const payload = method === 'GET' ? {} : { payload: bodies[route] ?? {} };
  return t.app.inject({ method: method as 'GET', url: concrete(url), headers: token ? auth(token) : {}, ...payload });
};
const routesOf = (...decisions: Access[]) =>
  Object.entries(ACCESS)
    .filter(([, a]) => decisions.includes(a))
    .map(([r]) => r);

describe('the access table', () => {
  it('has exactly one line per API route the app registers (HEAD answers as GET)', () => {
    const registered = [...t.app.accessDecisions].filter(
      ([route]) => / \/api\//.test(route) && !/ \/api\/docs/.test(route) && !route.startsWith('HEAD '),
    );
    expect(Object.fromEntries(registered)).toEqual(ACCESS);
  });

  it('stops the start when a route is added without a decision', async () => {
    const f = Fastify(serverOptions(t.config));
    await f.register(app, { config: t.config });
    expect(() => f.get('/api/route-oubliee', async () => ({}))).toThrow(
      /Route sans décision d'accès : GET \/api\/route-oubliee/,
    );
    await f.close();
  });

  it.each(routesOf('patient', 'staff', 'pharmacy', 'admin', 'second-factor'))(
    '%s refuses a call without a token with 401',
    async (route) => {
      const res = await call(route);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('unauthenticated');
    },
  );

  it.each(routesOf('patient'))('%s refuses a staff token', async (route) => {
    expect((await call(route, tokens.pharmacy)).statusCode).toBe(401);
  });

  it.each(routesOf('pharmacy'))('%s refuses an admin (403) and a patient (401)', async (route) => {
    expect((await call(route, tokens.admin)).statusCode).toBe(403);
    expect((await call(route, tokens.patient)).statusCode).toBe(401);
  });

  it.each(routesOf('admin'))('%s refuses a pharmacist (403) and a patient (401)', async (route) => {
    expect((await call(route, tokens.pharmacy)).statusCode).toBe(403);
    expect((await call(route, tokens.patient)).statusCode).toBe(401);
  });

  it.each(routesOf('public-bot-check'))('%s refuses a call without a solved bot check', async (route) => {
    const res = await call(route);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toMatch(/^(bot_check_failed|invalid_request)$/);
  });

  it.each(routesOf('public', 'patient-or-dev-tools', 'dev-tools'))('%s answers without a token', async (route) => {
    expect([401, 403]).not.toContain((await call(route)).statusCode);
  });
});

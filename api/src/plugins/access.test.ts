// Every API route declares who may call it (config.access, plugins/access.ts), the guards come
// from that decision, and a route added without one stops the start.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import app, { serverOptions } from '../app';
import { auth, buildTestApp, registerPatient, type TestApp } from '../../test/helpers';
import { createAdmin, enableLogin, login } from '../../test/accounts';
import type { Access } from './access';

/**
 * Who may call each API route, as the product means it: each route declares its own decision
 * (config.access), and this list catches a route that declares the wrong one or none.
 */
const EXPECTED: Readonly<Record<string, Access>> = {
  'GET /api/health': 'public',
  'GET /api/ready': 'public',
  'GET /api/public/site-config': 'public',
  'GET /api/clients/public/:clientName': 'public',
  'GET /api/bot-check/config': 'public',
  'GET /api/bot-check/challenge': 'public',
  'POST /api/verify-recaptcha': 'public',

  'POST /api/utilisateur/create': 'public-bot-check',
  'GET /api/utilisateur/me': 'patient',
  'PATCH /api/utilisateur/me/responses': 'patient',
  'POST /api/utilisateur/me/submit': 'patient',
  'POST /api/utilisateur/me/resume': 'patient',
  'POST /api/utilisateur/me/still-here': 'patient',
  'PUT /api/utilisateur/me/language': 'patient',
  'DELETE /api/utilisateur/me': 'patient',
  'POST /api/email/:clientName/send-email': 'patient',
  'POST /api/pdf/fill-pdf': 'patient-or-dev-tools',
  'POST /api/pdf/generate-bilan': 'patient-or-dev-tools',

  'POST /api/send-test-email': 'public-bot-check',
  'POST /api/storeJson': 'dev-tools',

  'POST /api/auth/login': 'public',
  'POST /api/auth/verify': 'second-factor',
  'POST /api/auth/resend-code': 'second-factor',
  'POST /api/auth/logout': 'staff-even-locked',
  'GET /api/auth/me': 'staff',
  'POST /api/auth/lock': 'pharmacy',
  'POST /api/auth/unlock': 'staff-even-locked',
  'POST /api/auth/check-invite': 'public',
  'POST /api/auth/register': 'public',
  'POST /api/auth/verify-email': 'public',
  'POST /api/auth/request-reset': 'public',
  'POST /api/auth/reset-password': 'public',

  'GET /api/responses/grouped': 'pharmacy',
  'GET /api/responses/latest': 'pharmacy',
  'GET /api/forms/:id': 'pharmacy',
  'GET /api/forms/:id/acts': 'pharmacy',
  'POST /api/forms/:id/acts': 'pharmacy',
  'GET /api/forms/:id/plan': 'pharmacy',
  'PUT /api/forms/:id/plan': 'pharmacy',
  'POST /api/forms/:id/plan/finalize': 'pharmacy',
  'GET /api/forms/:id/plan/pdf/:copy': 'pharmacy',
  'GET /api/dashboard/settings': 'pharmacy',
  'PUT /api/dashboard/settings': 'pharmacy',
  'GET /api/pdf-download/:id/:kind': 'pharmacy',
  'GET /api/utilisateurs/export': 'pharmacy',
  'GET /api/dashboard/qrcode.svg': 'pharmacy',
  'GET /api/dashboard/poster.pdf': 'pharmacy',
  'POST /api/acts/:actId/status': 'pharmacy',
  'POST /api/acts/:actId/cancel': 'pharmacy',
  'GET /api/acts/export': 'pharmacy',

  'GET /api/admin/stats/pharmacies': 'admin',
  'GET /api/admin/stats/export': 'admin',
  'GET /api/admin/invitations': 'admin',
  'POST /api/admin/invitations': 'admin',
  'POST /api/admin/invitations/:id/resend': 'admin',
  'GET /api/admin/emails/failed': 'admin',
  'GET /api/admin/alerts': 'admin',
};

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
  url.replace(':clientName', 'pharmacie-test').replace(':id', '1').replace(':actId', '1').replace(':kind', 'bilan');
/** Bodies that pass a route's schema, for the guards that run after it (preHandler). */
const bodies: Record<string, object> = { 'POST /api/auth/verify': { email: 'p@pharma.test', code: '123456' } };
const call = (route: string, token?: string) => {
  const [method = 'GET', url = ''] = route.split(' ');
  const payload = method === 'GET' ? {} : { payload: bodies[route] ?? {} };
  return t.app.inject({ method: method as 'GET', url: concrete(url), headers: token ? auth(token) : {}, ...payload });
};
const routesOf = (...decisions: Access[]) =>
  Object.entries(EXPECTED)
    .filter(([, a]) => decisions.includes(a))
    .map(([r]) => r);

describe('the access decisions', () => {
  it('are declared by every API route the app registers, each the expected one (HEAD answers as GET)', () => {
    const registered = [...t.app.accessDecisions].filter(
      ([route]) => / \/api\//.test(route) && !/ \/api\/docs/.test(route) && !route.startsWith('HEAD '),
    );
    expect(Object.fromEntries(registered)).toEqual(EXPECTED);
    // Fastify copies a GET route's options, its config included, to the HEAD route it adds.
    const heads = [...t.app.accessDecisions].filter(([route]) => /^HEAD \/api\/(?!docs)/.test(route));
    expect(heads.length).toBeGreaterThan(0);
    for (const [route, access] of heads) expect(access, route).toBe(EXPECTED[route.replace(/^HEAD/, 'GET')]);
  });

  it('stops the start when a route is added without a decision', async () => {
    const f = Fastify(serverOptions(t.config));
    await f.register(app, { config: t.config });
    expect(() => f.get('/api/route-oubliee', async () => ({}))).toThrow(
      /Route sans décision d'accès : GET \/api\/route-oubliee/,
    );
    await f.close();
  });

  it.each(routesOf('patient', 'staff', 'staff-even-locked', 'pharmacy', 'admin', 'second-factor'))(
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

import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { auth, buildTestApp } from '../../test/helpers';
import {
  eachAppWithPharmacyLogin,
  enableLogin,
  lastCode,
  login,
  STAFF_PASSWORD,
  submittedForm,
} from '../../test/accounts';
import { sqlGet, sqlRun } from '../../test/sql';

// D36, issue 30: the web app's staff session is an HttpOnly, SameSite=Strict cookie that no page
// script reads; a call that changes something on the strength of that cookie must come from the
// web app itself. A pharmacy's software keeps its bearer token.

const t = eachAppWithPharmacyLogin();
const WEB = { 'x-bilan-client': 'web' };

/** The session cookie a response sets, as `name=value`, and its attributes. */
function sessionCookieOf(res: LightMyRequestResponse): { pair: string; attributes: string } | undefined {
  const header = res.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header ? [header] : [];
  const found = all.find((c) => c.startsWith('bilan_session='));
  if (!found) return undefined;
  const [pair = '', ...rest] = found.split('; ');
  return { pair, attributes: rest.join('; ') };
}

/** The web app's login: password, then the e-mailed code, with its header. */
async function webLogin(email = t.pharmacy.email): Promise<{ res: LightMyRequestResponse; cookie: string }> {
  const first = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: WEB,
    payload: { email, password: STAFF_PASSWORD },
  });
  const { token } = first.json() as { token: string };
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/verify',
    headers: { ...WEB, ...auth(token) },
    payload: { email, code: await lastCode(t.app, email) },
  });
  return { res, cookie: sessionCookieOf(res)?.pair ?? '' };
}

describe('the web app’s staff session', () => {
  it('is an HttpOnly, SameSite=Strict cookie of 8 hours on /api, and no token in the answer', async () => {
    const { res, cookie } = await webLogin();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ client: expect.objectContaining({ name: t.pharmacy.name, role: 'pharmacy' }) });
    expect(cookie).toMatch(/^bilan_session=[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sessionCookieOf(res)?.attributes).toBe('Path=/api; HttpOnly; SameSite=Strict; Max-Age=28800');
    // The device cookie of a completed login comes beside it.
    expect(String(res.headers['set-cookie'])).toContain('bilan_device=');
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.json()).toMatchObject({ client: { name: t.pharmacy.name } });
    const list = await t.app.inject({ method: 'GET', url: '/api/responses/grouped', headers: { cookie } });
    expect(list.statusCode).toBe(200);
  });

  it('is Secure behind HTTPS', async () => {
    const https = await buildTestApp({ config: { publicUrl: 'https://bilan.example.fr' } });
    try {
      await enableLogin(https.app, https.pharmacy.id);
      const first = await https.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: WEB,
        payload: { email: https.pharmacy.email, password: STAFF_PASSWORD },
      });
      const res = await https.app.inject({
        method: 'POST',
        url: '/api/auth/verify',
        headers: { ...WEB, ...auth((first.json() as { token: string }).token) },
        payload: { email: https.pharmacy.email, code: await lastCode(https.app, https.pharmacy.email) },
      });
      expect(sessionCookieOf(res)?.attributes).toBe('Path=/api; HttpOnly; SameSite=Strict; Max-Age=28800; Secure');
    } finally {
      await https.close();
    }
  });

  it('changes something only on a call of the web app from this site: others get 403 and change nothing', async () => {
    const { patientId } = await submittedForm(t.app, t.pharmacy.id, {
      lastName: 'Martin',
      firstName: 'Zoé',
      submittedAt: '2026-03-09T08:00:00.000Z',
    });
    const { cookie } = await webLogin();
    // « Bilan réalisé » records the act (issue 40): a change.
    await sqlRun(t.app, 'UPDATE accounts SET department = ? WHERE id = ?', '75', t.pharmacy.id);
    const done = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/forms/${patientId}/acts`,
        headers: { cookie, ...headers },
      });
    const stored = async () =>
      (
        (await sqlGet(t.app, 'SELECT bilan_done_at AS at FROM forms WHERE patient_id = ?', patientId)) as {
          at: string | null;
        }
      ).at;

    // A form of another site posting with the browser's cookie: no header of the web app.
    const attempts: Record<string, string>[] = [
      {},
      { 'sec-fetch-site': 'cross-site' },
      { ...WEB, 'sec-fetch-site': 'cross-site' },
      { ...WEB, 'sec-fetch-site': 'same-site' },
      // Issue 41, point 11: a browser that sends no Sec-Fetch-Site still says where the call
      // comes from in Origin, and another site's origin is refused.
      { ...WEB, origin: 'https://autre-site.example' },
      { ...WEB, origin: 'null' },
      { ...WEB, origin: 'http://bilan.test.autre-site.example' },
    ];
    for (const headers of attempts) {
      const refused = await done(headers);
      expect(refused.statusCode, JSON.stringify(headers)).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'cross_site_refused',
        message: 'Requête refusée\u00a0: elle ne vient pas de l’application Bilan Prévention. Rechargez la page.',
      });
    }
    expect(await stored()).toBeNull();
    // Logging out is a change too.
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie }, payload: {} })).statusCode,
    ).toBe(403);

    expect((await done({ ...WEB, origin: 'http://bilan.test' })).statusCode).toBe(201);
    // The second passes the guard and is refused by the act's own rule (once per person and band).
    expect((await done({ ...WEB, 'sec-fetch-site': 'same-origin' })).statusCode).toBe(409);
    expect(await stored()).not.toBeNull();
  });

  it('ends with logout: the cookie is removed and the session it held opens nothing more', async () => {
    const { cookie } = await webLogin();
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, ...WEB },
      payload: {},
    });
    expect(out.statusCode).toBe(204);
    expect(sessionCookieOf(out)).toEqual({
      pair: 'bilan_session=',
      attributes: 'Path=/api; HttpOnly; SameSite=Strict; Max-Age=0',
    });
    const after = await t.app.inject({ method: 'GET', url: '/api/responses/grouped', headers: { cookie } });
    expect(after.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/responses/grouped' })).json()).toMatchObject({
      code: 'unauthenticated',
    });
  });

  it('refuses a forged or patient cookie, as a forged bearer token', async () => {
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/responses/grouped',
      headers: { cookie: 'bilan_session=eyJhbGciOiJIUzI1NiJ9.eyJraW5kIjoic3RhZmYifQ.x' },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe('invalid_token');
    const patient = t.app.signPatientToken(1);
    const asPatient = await t.app.inject({
      method: 'GET',
      url: '/api/responses/grouped',
      headers: { cookie: `bilan_session=${patient}` },
    });
    expect(asPatient.statusCode).toBe(401);
  });

  it('answers an expired cookie 401 session_expired, as an expired bearer token', async () => {
    // Issued nine hours ago for eight: fast-jwt dates it from its iat.
    const expired = t.app.jwt.sign(
      {
        kind: 'staff',
        sub: t.pharmacy.id,
        role: 'pharmacy',
        ver: 0,
        jti: 'gone',
        iat: Math.floor(Date.now() / 1000) - 9 * 3600,
      },
      { expiresIn: 8 * 3600 },
    );
    for (const headers of [{ cookie: `bilan_session=${expired}` }, auth(expired)]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/responses/grouped', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.json().code).toBe('session_expired');
    }
  });
});

describe('a pharmacy’s software (no web app header)', () => {
  it('gets the bearer token in the answer and no session cookie; the token needs no other header', async () => {
    const token = await login(t.app, t.pharmacy.email);
    const { patientId } = await submittedForm(t.app, t.pharmacy.id, {
      lastName: 'Martin',
      firstName: 'Zoé',
      submittedAt: '2026-03-09T08:00:00.000Z',
    });
    await sqlRun(t.app, 'UPDATE accounts SET department = ? WHERE id = ?', '75', t.pharmacy.id);
    const res = await t.app.inject({ method: 'POST', url: `/api/forms/${patientId}/acts`, headers: auth(token) });
    expect(res.statusCode).toBe(201);
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: t.pharmacy.email, password: STAFF_PASSWORD },
    });
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify',
      headers: auth((first.json() as { token: string }).token),
      payload: { email: t.pharmacy.email, code: await lastCode(t.app, t.pharmacy.email) },
    });
    expect(verified.json().token).toEqual(expect.any(String));
    expect(sessionCookieOf(verified)).toBeUndefined();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, BIRTH_DATES, buildTestApp, registerPatient, snapshot, type TestApp } from '../../test/helpers';
import { MAX_JSON_NESTING } from '../shared/text/jsonNesting';

const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
const json = { 'content-type': 'application/json' };

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await buildTestApp();
  ({ token } = await registerPatient(t, { date_naissance: BIRTH_DATES['45to50'] }));
});
afterAll(async () => {
  await t.close();
});

describe('a JSON body nested too deep', () => {
  it('of 3,500 levels is a 400 invalid_request, not a 500, and stores nothing', async () => {
    const before = await snapshot(t.app);
    for (const [method, url, body] of [
      ['PATCH', '/api/utilisateur/me/responses', `{"pageKey":"healthQuestions","reponses":{"x":${nested(3500)}}}`],
      ['POST', '/api/verify-recaptcha', `{"token":${nested(3500)}}`],
      ['POST', '/api/auth/check-invite', `{"token":${nested(1500)}}`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { ...json, ...auth(token) }, payload: body });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'invalid_request',
        message: 'Requête invalide.',
        details: [{ path: 'body', message: `must not nest more than ${MAX_JSON_NESTING} levels` }],
      });
    }
    expect(await snapshot(t.app)).toEqual(before);
  });

  it('is refused from 33 levels; 32 reach the route’s schema', async () => {
    const call = (levels: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/check-invite',
        headers: json,
        payload: `{"token":${nested(levels - 1)}}`,
      });
    const deep = await call(MAX_JSON_NESTING + 1);
    expect(deep.json().details).toEqual([{ path: 'body', message: 'must not nest more than 32 levels' }]);
    const fits = await call(MAX_JSON_NESTING);
    expect(fits.statusCode).toBe(400);
    expect(fits.json().details).toEqual([{ path: 'body/token', message: 'must be string' }]);
  });

  it('counts no bracket of a text: a token full of brackets is only an unknown invitation', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/check-invite',
      headers: json,
      payload: JSON.stringify({ token: '['.repeat(150) }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ valid: false, reason: 'not_found' });
  });
});

describe('the JSON parser', () => {
  it('still refuses prototype poisoning (__proto__ and constructor.prototype keys) with 400', async () => {
    for (const payload of [
      '{"token":"abc","__proto__":{"isAdmin":true}}',
      '{"token":"abc","constructor":{"prototype":{"isAdmin":true}}}',
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/check-invite', headers: json, payload });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().code).toBe('invalid_request');
    }
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('refuses a body that is not JSON and an empty one with 400, parses JSON with a charset', async () => {
    for (const payload of ['{"token":', '']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/check-invite', headers: json, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('invalid_request');
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/check-invite',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      payload: '{"token":"abc"}',
    });
    expect(res.statusCode).toBe(200);
  });
});

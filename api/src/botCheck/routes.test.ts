import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, snapshot, solveAltcha, TEST_NOW, type TestApp } from '../../test/helpers';
import { sqlAll } from '../../test/sql';

let t: TestApp | undefined;
let siteverify: Server | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
  await new Promise<void>((resolve) => (siteverify ? siteverify.close(() => resolve()) : resolve()));
  siteverify = undefined;
});

describe('ALTCHA (default provider)', () => {
  it('tells the web which provider to show', async () => {
    t = await buildTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/bot-check/config' });
    expect(res.json()).toEqual({ provider: 'altcha', label: 'ALTCHA' });
  });

  it('issues a signed challenge and a single-use ticket for its solution', async () => {
    t = await buildTestApp();
    const token = await solveAltcha(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/verify-recaptcha', payload: { token } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, score: 1, provider: 'altcha' });
    expect(body.ticket).toMatch(/^[\w-]{40,}$/);
    // Only the ticket's hash is stored.
    expect(JSON.stringify(await snapshot(t.app, ['bot_check_solutions']))).not.toContain(body.ticket);
    // Both records are dated by the app's clock (the tests' fixed one).
    const rows = await sqlAll<{ kind: string; createdAt: string }>(
      t.app,
      'SELECT kind, created_at AS "createdAt" FROM bot_check_solutions',
    );
    expect(rows.map((r) => [r.kind, r.createdAt]).sort()).toEqual([
      ['solution', TEST_NOW.toISOString()],
      ['ticket', TEST_NOW.toISOString()],
    ]);
  });

  it('refuses a replayed solution and stores nothing more', async () => {
    t = await buildTestApp();
    const token = await solveAltcha(t.app);
    expect((await t.app.inject({ method: 'POST', url: '/api/verify-recaptcha', payload: { token } })).statusCode).toBe(
      200,
    );
    const before = await snapshot(t.app);
    const replay = await t.app.inject({ method: 'POST', url: '/api/verify-recaptcha', payload: { token } });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({
      code: 'bot_check_failed',
      message: 'Échec de vérification ALTCHA. Vous pourriez être un bot.',
      success: false,
      provider: 'altcha',
    });
    expect(replay.json().ticket).toBeUndefined();
    expect(await snapshot(t.app)).toEqual(before);
  });

  it.each([
    [
      'a wrong solution',
      (p: { solution: { derivedKey: string } }) => ({
        ...p,
        solution: {
          ...p.solution,
          derivedKey: p.solution.derivedKey.slice(0, -1) + (p.solution.derivedKey.endsWith('0') ? '1' : '0'),
        },
      }),
    ],
    [
      'a tampered challenge',
      (p: { challenge: { parameters: { cost: number } } }) => ({
        ...p,
        challenge: { ...p.challenge, parameters: { ...p.challenge.parameters, cost: 2 } },
      }),
    ],
  ])('refuses %s and stores nothing', async (_name, tamper) => {
    t = await buildTestApp();
    const payload = JSON.parse(Buffer.from(await solveAltcha(t.app), 'base64').toString());
    const token = Buffer.from(JSON.stringify(tamper(payload))).toString('base64');
    const before = await snapshot(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/verify-recaptcha', payload: { token } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('bot_check_failed');
    expect(await snapshot(t.app)).toEqual(before);
  });

  it('refuses garbage and a missing token', async () => {
    t = await buildTestApp();
    const garbage = await t.app.inject({
      method: 'POST',
      url: '/api/verify-recaptcha',
      payload: { token: 'bm90IGpzb24=' },
    });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().code).toBe('bot_check_failed');
    const missing = await t.app.inject({ method: 'POST', url: '/api/verify-recaptcha', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('invalid_request');
  });
});

describe('reCAPTCHA v3 provider', () => {
  /** A siteverify endpoint on loopback answering the given score for every token. */
  async function startSiteverify(answer: Record<string, unknown>): Promise<string> {
    siteverify = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify(
            form.get('secret') === 'test-secret' ? answer : { success: false, 'error-codes': ['invalid-input-secret'] },
          ),
        );
      });
    });
    await new Promise<void>((resolve) => siteverify?.listen(0, '127.0.0.1', () => resolve()));
    return `http://127.0.0.1:${(siteverify.address() as AddressInfo).port}/siteverify`;
  }

  async function appWith(answer: Record<string, unknown>) {
    const url = await startSiteverify(answer);
    return buildTestApp({
      config: {
        botCheckProvider: 'recaptcha',
        recaptchaSecret: 'test-secret',
        recaptchaSiteKey: 'site-key',
        recaptchaVerifyUrl: url,
      },
    });
  }

  it('accepts success with a score of 0.05 or more', async () => {
    t = await appWith({ success: true, score: 0.05 });
    expect((await t.app.inject({ method: 'GET', url: '/api/bot-check/config' })).json()).toEqual({
      provider: 'recaptcha',
      label: 'reCAPTCHA',
      siteKey: 'site-key',
    });
    const res = await t.app.inject({ method: 'POST', url: '/api/verify-recaptcha', payload: { token: 'g-token' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, score: 0.05, provider: 'recaptcha' });
    expect(typeof res.json().ticket).toBe('string');
  });

  it.each([
    ['a score below 0.05', { success: true, score: 0.04 }],
    ['success false', { success: false, score: 0.9 }],
  ])('refuses %s with the provider named', async (_name, answer) => {
    t = await appWith(answer);
    const before = await snapshot(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/verify-recaptcha', payload: { token: 'g-token' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'bot_check_failed',
      message: 'Échec de vérification reCAPTCHA. Vous pourriez être un bot.',
      success: false,
    });
    expect(await snapshot(t.app)).toEqual(before);
  });

  it('has no ALTCHA challenge', async () => {
    t = await appWith({ success: true, score: 1 });
    const res = await t.app.inject({ method: 'GET', url: '/api/bot-check/challenge' });
    expect(res.statusCode).toBe(404);
  });
});

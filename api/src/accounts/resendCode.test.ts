import { describe, expect, it } from 'vitest';

import { deliveredTo, eachAppWithPharmacyLogin, lastCode, STAFF_PASSWORD } from '../../test/accounts';
import { MAX_CODE_ATTEMPTS } from './loginService';

const t = eachAppWithPharmacyLogin();

const email = () => t.pharmacy.email;
const codeMails = async () =>
  (await deliveredTo(t.app, email())).filter((m) => m.text.includes('code de vérification'));

/** The password step: the temporary token of the second step. */
async function passwordStep(ip = '10.0.0.1'): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: email(), password: STAFF_PASSWORD },
    remoteAddress: ip,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { token: string }).token;
}

const resend = (token: string | null, payload: object = {}, ip = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/resend-code',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload,
    remoteAddress: ip,
  });
const verify = (token: string, code: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/verify',
    headers: { authorization: `Bearer ${token}` },
    payload: { email: email(), code },
    remoteAddress: '10.0.0.1',
  });

describe('POST /api/auth/resend-code', () => {
  it('sends a new code a minute after the first; the new one logs in, the old one no longer does', async () => {
    const token = await passwordStep();
    const first = await lastCode(t.app, email());
    t.advanceClock(60_000);
    const res = await resend(token);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ status: 'sent', resendAfterSeconds: 60 });
    expect(await codeMails()).toHaveLength(2);
    const second = await lastCode(t.app, email());
    if (second !== first) {
      const old = await verify(token, first);
      expect(old.statusCode).toBe(401);
      expect(old.json().code).toBe('invalid_code');
    }
    const ok = await verify(token, second);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().client.email).toBe(email());
  });

  it('refuses before the minute with the seconds left, and sends nothing', async () => {
    const token = await passwordStep();
    t.advanceClock(45_000);
    const res = await resend(token);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({
      code: 'resend_too_soon',
      message: 'Un nouveau code pourra être demandé dans 15\u00a0s.',
    });
    expect(await codeMails()).toHaveLength(1);
  });

  it('keeps the tries already spent: a resend gives no new guesses', async () => {
    const token = await passwordStep();
    for (let i = 0; i < MAX_CODE_ATTEMPTS; i++) await verify(token, '000000');
    t.advanceClock(61_000);
    const res = await resend(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('code_expired');
    expect(await codeMails()).toHaveLength(1);
  });

  it('refuses a spent code, an expired attempt, no token, a staff token and a body', async () => {
    const token = await passwordStep();
    t.advanceClock(61_000);
    expect((await resend(token, { email: 'x' })).statusCode).toBe(400);
    expect((await resend(null)).statusCode).toBe(401);
    const used = await verify(token, await lastCode(t.app, email()));
    expect(used.statusCode).toBe(200);
    expect((await resend(token)).json().code).toBe('code_expired');
    expect((await resend(used.json().token as string)).statusCode).toBe(401);
    const late = await passwordStep();
    t.advanceClock(11 * 60_000);
    expect((await resend(late)).statusCode).toBe(401);
    expect(await codeMails()).toHaveLength(2);
  });

  it('sends one code when two resends race', async () => {
    const token = await passwordStep();
    t.advanceClock(61_000);
    const answers = await Promise.all([resend(token), resend(token)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([202, 429]);
    expect(await codeMails()).toHaveLength(2);
  });
});

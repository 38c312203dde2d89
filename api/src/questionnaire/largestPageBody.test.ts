import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sectionSchema, type JsonSchema } from '@bilan/engine';
import { auth, BIRTH_DATES, buildTestApp, registerPatient, snapshot, type TestApp } from '../../test/helpers';
import { definitions, latestDefinition } from './definitions';
import { largestJsonBytes, largestPageBodyBytes } from './largestPageBody';

describe('largestJsonBytes', () => {
  it('counts every text at its maximum in 4-byte characters, the longest option, every property', () => {
    expect(largestJsonBytes({ type: 'string', maxLength: 10 })).toBe(2 + 40);
    expect(largestJsonBytes({ type: 'string', enum: ['Oui', 'Non concerné'] })).toBe(
      Buffer.byteLength('"Non concerné"'),
    );
    expect(largestJsonBytes({ type: 'boolean' })).toBe(5);
    expect(largestJsonBytes({ type: 'object', properties: { a: { type: 'boolean' }, bb: { type: 'number' } } })).toBe(
      '{"a":false,"bb":}'.length + 24,
    );
    expect(largestJsonBytes({ type: 'array', uniqueItems: true, items: { type: 'string', enum: ['x', 'yy'] } })).toBe(
      '["x","yy"]'.length,
    );
  });

  it('refuses a schema without a bound', () => {
    expect(() => largestJsonBytes({ type: 'string' })).toThrow(/maxLength/);
    expect(() => largestJsonBytes({ type: 'array', items: { type: 'string', maxLength: 1 } })).toThrow(/bound/);
  });
});

/** A page's answers at their largest: every text at its maximum in emoji, the longest option, the highest number. */
function largestAnswers(schema: JsonSchema): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.properties ?? {})) {
    if (field.enum) answers[key] = field.enum.reduce((a, b) => (Buffer.byteLength(b) > Buffer.byteLength(a) ? b : a));
    else if (field.type === 'string') answers[key] = '😀'.repeat(field.maxLength ?? 0);
    else if (field.type === 'number' || field.type === 'integer') answers[key] = field.maximum ?? field.minimum;
    else if (field.type === 'boolean') answers[key] = false;
  }
  return answers;
}

describe('the page save’s body limit', () => {
  let t: TestApp;
  let token: string;
  const limit = largestPageBodyBytes(definitions);
  // The largest page of the versions patients are given today.
  const definition = latestDefinition('70to75');
  const page = definition.pages.reduce((a, b) =>
    largestJsonBytes(sectionSchema(definition, b.section)) > largestJsonBytes(sectionSchema(definition, a.section))
      ? b
      : a,
  );
  const body = JSON.stringify({
    pageKey: page.section,
    reponses: largestAnswers(sectionSchema(definition, page.section)),
  });
  const padded = (bytes: number) => `${body.slice(0, -1)}${' '.repeat(bytes - Buffer.byteLength(body))}}`;

  beforeAll(async () => {
    t = await buildTestApp();
    ({ token } = await registerPatient(t, { date_naissance: BIRTH_DATES['70to75'] }));
  });
  afterAll(async () => {
    await t.close();
  });

  it('is what the largest page needs, within a few bytes per number', () => {
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(limit);
    expect(Buffer.byteLength(body)).toBeGreaterThan(limit * 0.97);
  });

  it('takes the largest page at its maximum, up to the last byte of the limit', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/utilisateur/me/responses',
      headers: { ...auth(token), 'content-type': 'application/json' },
      payload: padded(limit),
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses one byte more with 413, storing nothing', async () => {
    const before = await snapshot(t.app);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/utilisateur/me/responses',
      headers: { ...auth(token), 'content-type': 'application/json' },
      payload: padded(limit + 1),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'payload_too_large', message: 'La requête est trop volumineuse.' });
    expect(await snapshot(t.app)).toEqual(before);
  });

  it('of the account and bot-check routes is a few kilobytes', async () => {
    const big = 'x'.repeat(5 * 1024);
    for (const [url, payload] of [
      ['/api/auth/login', { email: 'a@b.fr', password: big }],
      ['/api/auth/check-invite', { token: big }],
      ['/api/auth/register', { name: 'a', nom: 'b', email: 'a@b.fr', password: big, inviteToken: 'x' }],
      ['/api/auth/request-reset', { email: big }],
      ['/api/auth/reset-password', { token: 'x', newPassword: big }],
      ['/api/utilisateur/create', { nom: big }],
      ['/api/verify-recaptcha', { token: 'x'.repeat(14 * 1024) }],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, payload });
      expect(res.statusCode, url).toBe(413);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    config: {
      legal: {
        publisherName: 'Éditeur SAS',
        publisherAddress: null,
        siret: null,
        director: null,
        hostName: null,
        hostAddress: null,
        contactEmail: 'contact@example.fr',
      },
      pricing: { standard: '9 €', pro: null, proPlus: null },
    },
  });
});
afterAll(async () => {
  await t.close();
});

describe('the app', () => {
  it('answers unknown API routes with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      code: 'not_found',
      message: 'Ressource introuvable.',
      error: 'Ressource introuvable.',
    });
  });

  it('answers malformed JSON with invalid_request', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/verify-recaptcha',
      headers: { 'content-type': 'application/json' },
      payload: '{"token":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_request', message: 'Requête invalide.' });
  });

  it('publishes no API document when API_DOCS is off (the production default)', async () => {
    const closed = await buildTestApp({ config: { apiDocs: false } });
    try {
      for (const url of ['/api/docs', '/api/docs/json'])
        expect((await closed.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      // The routes still validate with the shared error schema.
      expect((await closed.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await closed.close();
    }
  });

  it('serves the OpenAPI document with every patient call', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths as Record<string, unknown>);
    for (const p of [
      '/api/clients/public/{clientName}',
      '/api/bot-check/config',
      '/api/bot-check/challenge',
      '/api/verify-recaptcha',
      '/api/utilisateur/create',
      '/api/utilisateur/me',
      '/api/utilisateur/me/responses',
      '/api/utilisateur/me/submit',
      '/api/pdf/fill-pdf',
      '/api/pdf/generate-bilan',
      '/api/email/{clientName}/send-email',
      '/api/send-test-email',
      '/api/storeJson',
      '/api/public/site-config',
    ]) {
      expect(paths).toContain(p);
    }
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(docs.statusCode).toBeLessThan(400);
  });

  it("declares each operation's security from the access table: none for public routes, one scheme per kind of token", async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
      components: { securitySchemes: Record<string, { type: string; scheme: string }> };
    };
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual([
      'adminToken',
      'patientToken',
      'pharmacistToken',
      'secondFactorToken',
      'staffSession',
    ]);
    const schemesOf = (method: string, path: string) =>
      (doc.paths[path]?.[method]?.security ?? null)?.map((r) => Object.keys(r).join('+'));
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => [method, path] as const),
    );
    expect(operations.length).toBeGreaterThan(30);
    for (const [method, path] of operations)
      expect(doc.paths[path]?.[method]?.security, `${method} ${path}`).toBeInstanceOf(Array);
    expect(schemesOf('post', '/api/auth/login')).toEqual([]);
    expect(schemesOf('post', '/api/utilisateur/create')).toEqual([]);
    expect(schemesOf('patch', '/api/utilisateur/me/responses')).toEqual(['patientToken']);
    expect(schemesOf('post', '/api/auth/verify')).toEqual(['secondFactorToken']);
    expect(schemesOf('get', '/api/responses/grouped')).toEqual(['pharmacistToken', 'staffSession']);
    expect(schemesOf('get', '/api/admin/invitations')).toEqual(['adminToken', 'staffSession']);
    expect(schemesOf('post', '/api/auth/logout')).toEqual(['pharmacistToken', 'adminToken', 'staffSession']);
  });

  it('documents the rate-limit headers of a limited route on every answer, and its 429 with Retry-After', async () => {
    const limited = await buildTestApp({ config: { rateLimit: true } });
    try {
      type Responses = Record<string, { headers?: Record<string, { schema: { type: string } }> }>;
      const doc = (await limited.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
        paths: Record<string, Record<string, { responses: Responses }>>;
      };
      const login = doc.paths['/api/auth/login']?.post?.responses ?? {};
      expect(Object.keys(login)).toContain('429');
      for (const [code, response] of Object.entries(login))
        expect(Object.keys(response.headers ?? {}), code).toContain('X-RateLimit-Remaining');
      expect(Object.keys(login['429']?.headers ?? {})).toContain('Retry-After');
      // A route with no limit of its own has the global one, documented the same way.
      expect(Object.keys(doc.paths['/api/health']?.get?.responses['429']?.headers ?? {})).toContain('Retry-After');
      // And the headers are really sent.
      const res = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'personne@example.fr', password: 'x' },
      });
      expect(res.headers['x-ratelimit-limit']).toMatch(/^\d+$/);
    } finally {
      await limited.close();
    }
  });

  it("limits every other API call per address and minute (RATE_LIMIT_PER_MINUTE), not the web's pages", async () => {
    const limited = await buildTestApp({ config: { rateLimit: true, rateLimitPerMinute: 12 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 13; i++)
        statuses.push((await limited.app.inject({ method: 'GET', url: '/api/public/site-config' })).statusCode);
      expect(statuses.slice(0, 12).every((s) => s === 200)).toBe(true);
      const refused = await limited.app.inject({ method: 'GET', url: '/api/health' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'rate_limited' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another address has its own count.
      expect(
        (await limited.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '192.0.2.7' })).statusCode,
      ).toBe(200);
      // A page of the web app is not an API call.
      expect((await limited.app.inject({ method: 'GET', url: '/questionnaire' })).statusCode).not.toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('answers the health check', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('sets a strict Content Security Policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/public/site-config' });
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toMatch(/worker-src 'self'(;|$)/);
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('gives the site configuration, with null for what is unset', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/public/site-config' });
    expect(res.json()).toEqual({
      legal: {
        publisherName: 'Éditeur SAS',
        publisherAddress: null,
        siret: null,
        director: null,
        hostName: null,
        hostAddress: null,
        contactEmail: 'contact@example.fr',
      },
      legalNoticePending: true,
      pricing: { standard: '9 €', pro: null, proPlus: null },
      devTools: t.config.devTools,
    });
  });

  it('limits the public calls per address with a JSON 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/utilisateur/create', payload: {} });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json()).toMatchObject({
          code: 'rate_limited',
          message: 'Trop de requêtes. Veuillez réessayer dans un instant.',
        });
      }
    }
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

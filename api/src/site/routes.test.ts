import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.accountsRepository.insert({
    name: 'admin',
    displayName: 'Administration',
    email: 'admin@test',
    role: 'admin',
    createdAt: new Date().toISOString(),
  });
  await t.app.accountsRepository.insert({
    name: 'fermee',
    displayName: 'Pharmacie fermée',
    email: 'f@test',
    disabledAt: new Date().toISOString(),
    createdAt: new Date().toISOString(),
  });
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/clients/public/:clientName', () => {
  it('answers the pharmacy of a patient link', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/clients/public/pharmacie-test' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ client: { id: t.pharmacy.id, name: 'pharmacie-test', nom: 'Pharmacie de l’Étoile' } });
  });

  it.each(['inconnue', 'admin', 'fermee'])('answers 404 client_not_found for %s', async (name) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/clients/public/${name}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      code: 'client_not_found',
      message: 'Pharmacie introuvable.',
      error: 'Pharmacie introuvable.',
    });
  });

  it('refuses an over-long name with invalid_request', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/clients/public/${'a'.repeat(65)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_request', message: 'Requête invalide.' });
  });
});

describe('path and query parameters', () => {
  // Issue 41, point 10: a NUL byte in a path parameter reached PostgreSQL, which refuses it in a
  // text: a 500 with its stack. Parameters are cleaned as bodies are; a name no row can hold is a 404.
  it.each(['%00', 'pharmacie%00test', '%01', '%C2%85', 'a%E2%80%AEb'])(
    'answers 404 for the pharmacy %s, as for any name that matches nothing',
    async (name) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/clients/public/${name}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toMatch(/^(not_found|client_not_found)$/);
      expect(res.body).not.toContain('at ');
    },
  );

  it('refuses a query parameter holding a NUL byte with 400 invalid_text', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/bot-check/challenge?pharmacy=1%00' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_text', details: { field: 'pharmacy', reason: 'nul' } });
  });
});

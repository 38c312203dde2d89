// The developer test screen's own endpoint exists only with DEV_TOOLS (D28: off in production).
import { afterEach, describe, expect, it } from 'vitest';
import { fixtureOf } from '@bilan/fixtures';
import { buildTestApp, snapshot, type TestApp } from '../../test/helpers';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const typical = fixtureOf('60to65', 'typical');
const store = (app: TestApp['app']) =>
  app.inject({ method: 'POST', url: '/api/storeJson', payload: { responses: typical.answers, ageGroup: '60to65' } });

describe('DEV_TOOLS', () => {
  it('off (the production default): POST /api/storeJson answers the JSON 404 of an unknown route and stores nothing', async () => {
    t = await buildTestApp({ config: { devTools: false } });
    const before = await snapshot(t.app);
    const res = await store(t.app);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      code: 'not_found',
      message: 'Ressource introuvable.',
      error: 'Ressource introuvable.',
    });
    expect(await snapshot(t.app)).toEqual(before);
    // The test screen's token-less PDF calls answer the same 404; the public demo flow stays (D28).
    for (const url of ['/api/pdf/fill-pdf', '/api/pdf/generate-bilan']) {
      const pdf = await t.app.inject({
        method: 'POST',
        url,
        payload: { responses: typical.answers, ageGroup: '60to65' },
      });
      expect(pdf.statusCode, url).toBe(404);
      expect(pdf.json().code).toBe('not_found');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/bot-check/config' })).statusCode).toBe(200);
    // The web reads it to show "Page introuvable" on the test screens instead of dead buttons.
    expect((await t.app.inject({ method: 'GET', url: '/api/public/site-config' })).json()).toMatchObject({
      devTools: false,
    });
  });

  it('on: POST /api/storeJson stores the demo answers', async () => {
    t = await buildTestApp({ config: { devTools: true } });
    expect((await store(t.app)).statusCode).toBe(201);
    const pdf = await t.app.inject({
      method: 'POST',
      url: '/api/pdf/fill-pdf',
      payload: { responses: typical.answers, ageGroup: '60to65' },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect((await t.app.inject({ method: 'GET', url: '/api/public/site-config' })).json()).toMatchObject({
      devTools: true,
    });
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers';

// Issue 41, point 5: a 209 KB body of 20,000 unknown keys answered 400 with 20,000 `details`
// (megabytes of JSON built and sent for one request). The list is cut to its first issues.

let t: TestApp;
afterEach(async () => {
  await t.close();
});

const unknownKeys = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, 1]));

describe('the details of a refused body', () => {
  it.each([
    ['/api/send-test-email', unknownKeys(20_000)],
    // The demo PDF's answers are sections of fields: 20,000 keys that are no section.
    ['/api/pdf/fill-pdf', { responses: unknownKeys(20_000) }],
  ])('%s: 20,000 unknown keys give the first 20 issues and how many there were', async (url, sent) => {
    t = await buildTestApp();
    const payload = JSON.stringify(sent);
    expect(payload.length).toBeGreaterThan(200_000);
    const res = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('invalid_request');
    expect(body.details).toHaveLength(20);
    expect(body.detailsCount).toBeGreaterThanOrEqual(20_000);
    expect(res.body.length).toBeLessThan(5000);
  });

  it('lists every issue, without a count, when there are few', async () => {
    t = await buildTestApp();
    const res = await t.app.inject({ method: 'POST', url: '/api/send-test-email', payload: unknownKeys(3) });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.length).toBeLessThanOrEqual(20);
    expect(res.json()).not.toHaveProperty('detailsCount');
  });
});

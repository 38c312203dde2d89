// The routes' own limits count in the database: two servers on one base share them, a restart
// keeps them; the global limit counts in each server's memory.
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { purgeExpired } from '../retention/purge';
import { rateLimitStore } from './rateLimitStore';
import { buildTestApp, TEST_NOW, testConfig, type TestApp, sameDatabase } from '../../test/helpers';
import { sqlAll, sqlGet } from '../../test/sql';

let t: TestApp;
const others: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of others.splice(0)) await app.close();
  await t.close();
});

/** A second server on the same database and clock as `t` (as a second instance behind a balancer). */
async function secondServer(
  clock: () => Date,
  overrides: Parameters<typeof testConfig>[1] = {},
): Promise<FastifyInstance> {
  const app = await buildApp({
    config: testConfig(t.dir, { ...sameDatabase(t.config), rateLimit: true, ...overrides }),
    clock,
  });
  others.push(app);
  return app;
}

/** POST /api/auth/check-invite: limited to 30 a minute per address, and changes nothing. */
const checkInvite = (app: FastifyInstance, remoteAddress = '192.0.2.10') =>
  app
    .inject({ method: 'POST', url: '/api/auth/check-invite', payload: { token: 'inconnu' }, remoteAddress })
    .then((r) => r.statusCode);

describe('the rate limits shared through the database', () => {
  it('counts a route’s calls from one address across two servers, keeps the count over a restart, and forgets it when the window ends', async () => {
    let now = TEST_NOW.getTime();
    const clock = () => new Date(now);
    t = await buildTestApp({ clock, config: { rateLimit: true } });
    const b = await secondServer(clock);
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) statuses.push(await checkInvite(t.app), await checkInvite(b));
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    // The 31st call of the minute, whichever server takes it.
    expect(await checkInvite(t.app)).toBe(429);
    expect(await checkInvite(b)).toBe(429);
    // Another address, another route: counted apart.
    expect(await checkInvite(b, '192.0.2.11')).not.toBe(429);
    expect(
      (await b.inject({ method: 'GET', url: '/api/bot-check/challenge', remoteAddress: '192.0.2.10' })).statusCode,
    ).toBe(200);
    // A restart of the second server resets nothing.
    await b.close();
    others.splice(0);
    const restarted = await secondServer(clock);
    expect(await checkInvite(restarted)).toBe(429);
    // The minute over, the address starts again.
    now += 60_001;
    expect(await checkInvite(restarted)).not.toBe(429);
    expect(await checkInvite(t.app)).not.toBe(429);
  });

  it('sends the shared count in the limit headers, and Retry-After on the refusal', async () => {
    t = await buildTestApp({ config: { rateLimit: true } });
    const b = await secondServer(() => TEST_NOW);
    await checkInvite(t.app);
    const res = await b.inject({
      method: 'POST',
      url: '/api/auth/check-invite',
      payload: { token: 'inconnu' },
      remoteAddress: '192.0.2.10',
    });
    expect(res.headers['x-ratelimit-limit']).toBe('30');
    expect(res.headers['x-ratelimit-remaining']).toBe('28');
  });

  it('counts the global limit in each server’s memory: a restart starts it again', async () => {
    t = await buildTestApp({ config: { rateLimit: true, rateLimitPerMinute: 10 } });
    const health = (app: FastifyInstance) =>
      app.inject({ method: 'GET', url: '/api/health', remoteAddress: '192.0.2.20' }).then((r) => r.statusCode);
    for (let i = 0; i < 10; i++) expect(await health(t.app)).toBe(200);
    expect(await health(t.app)).toBe(429);
    const b = await secondServer(() => TEST_NOW, { rateLimitPerMinute: 10 });
    expect(await health(b)).toBe(200);
    expect(await sqlGet(t.app, 'SELECT count(*) AS n FROM rate_limits')).toEqual({ n: 0 });
  });

  it('reads a count without adding to it, in the database and in memory alike', async () => {
    t = await buildTestApp({ config: { rateLimit: false } });
    let now = 1_000_000;
    const Store = rateLimitStore(
      () => t.app.store,
      () => now,
    );
    const global = new Store();
    const route = global.child({ routeInfo: { method: 'POST', url: '/api/x' } });
    const call = (store: typeof route, method: 'incr' | 'read') =>
      new Promise<{ current: number; ttl: number }>((resolve, reject) => {
        const done = (err: Error | null, count: { current: number; ttl: number }) =>
          err ? reject(err) : resolve(count);
        if (method === 'incr') store.incr('192.0.2.30', done, 60_000, 5);
        else store.read('192.0.2.30', done, 60_000);
      });
    for (const store of [global, route]) {
      await call(store, 'incr');
      now += 10_000;
      expect(await call(store, 'incr')).toEqual({ current: 2, ttl: 50_000 });
      expect(await call(store, 'read')).toEqual({ current: 2, ttl: 50_000 });
      expect(await call(store, 'read')).toEqual({ current: 2, ttl: 50_000 });
      now += 50_000;
      expect(await call(store, 'read')).toEqual({ current: 0, ttl: 0 });
      expect(await call(store, 'incr')).toEqual({ current: 1, ttl: 60_000 });
    }
    expect(await sqlAll(t.app, 'SELECT key, count FROM rate_limits')).toEqual([
      { key: 'POST /api/x|192.0.2.30', count: 1 },
    ]);
  });

  it('purges the counts of windows a day old', async () => {
    t = await buildTestApp({ config: { rateLimit: true } });
    await checkInvite(t.app);
    expect(
      (await purgeExpired(t.app.store, { now: new Date(TEST_NOW.getTime() + 3_600_000) })).technical.rate_limits,
    ).toBe(0);
    expect(
      (await purgeExpired(t.app.store, { now: new Date(TEST_NOW.getTime() + 86_400_001) })).technical.rate_limits,
    ).toBe(1);
    expect(await sqlGet(t.app, 'SELECT count(*) AS n FROM rate_limits')).toEqual({ n: 0 });
  });
});

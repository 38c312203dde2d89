import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { buildTestApp, TEST_NOW, type TestApp } from '../../test/helpers';
import { holdAfter, LOGIN_LIMITS, LoginLimiter } from './loginLimiter';
import { loginLimitsRepository } from './loginLimitsRepository';

let t: TestApp;
let now: Date;
let limiter: LoginLimiter;
beforeEach(async () => {
  now = new Date(TEST_NOW);
  t = await buildTestApp({ clock: () => now });
  limiter = new LoginLimiter(loginLimitsRepository(t.app.store), () => now);
});
afterEach(async () => {
  await t.close();
});

const advance = (ms: number) => (now = new Date(now.getTime() + ms));
const fail = async (account: string, address: string, times = 1) => {
  for (let i = 0; i < times; i++) await limiter.recordFailure({ account, address });
};

describe('holdAfter', () => {
  it('lets the allowance through, then doubles the wait from one second up to the cap', () => {
    expect([1, 9].map((n) => holdAfter('pair', n))).toEqual([0, 0]);
    expect([10, 11, 12, 13].map((n) => holdAfter('pair', n))).toEqual([1000, 2000, 4000, 8000]);
    expect(holdAfter('pair', 200)).toBe(LOGIN_LIMITS.pair.capMs);
    expect(holdAfter('account', 99)).toBe(0);
    expect(holdAfter('account', 100)).toBe(1000);
    expect(holdAfter('account', 1000)).toBe(LOGIN_LIMITS.account.capMs);
  });
});

describe('LoginLimiter', () => {
  it('holds one address for one account after 10 failures, not the account elsewhere', async () => {
    await fail('a@x.fr', '1.1.1.1', LOGIN_LIMITS.pair.free);
    expect(await limiter.check({ account: 'a@x.fr', address: '1.1.1.1' })).toEqual({
      allowed: false,
      retryAfterSeconds: 1,
    });
    expect((await limiter.check({ account: 'a@x.fr', address: '2.2.2.2' })).allowed).toBe(true);
    advance(1000);
    expect((await limiter.check({ account: 'a@x.fr', address: '1.1.1.1' })).allowed).toBe(true);
  });

  it('counts an IPv6 /64 as one address', async () => {
    for (let i = 1; i <= LOGIN_LIMITS.pair.free; i++) await fail('a@x.fr', `2001:db8:1:2::${i.toString(16)}`);
    expect((await limiter.check({ account: 'a@x.fr', address: '2001:db8:1:2:aaaa::1' })).allowed).toBe(false);
    expect((await limiter.check({ account: 'a@x.fr', address: '2001:db8:1:3::1' })).allowed).toBe(true);
  });

  it('holds an address over all accounts after 50 failures', async () => {
    for (let i = 0; i < LOGIN_LIMITS.address.free; i++) await fail(`u${i}@x.fr`, '9.9.9.9');
    expect((await limiter.check({ account: 'new@x.fr', address: '9.9.9.9' })).allowed).toBe(false);
    expect((await limiter.check({ account: 'new@x.fr', address: '9.9.9.8' })).allowed).toBe(true);
  });

  it('holds an account over all addresses after 100 failures, but never its trusted device', async () => {
    for (let i = 0; i < LOGIN_LIMITS.account.free; i++) await fail('a@x.fr', `66.0.${i}.1`);
    expect((await limiter.check({ account: 'a@x.fr', address: '77.7.7.7' })).allowed).toBe(false);
    expect((await limiter.check({ account: 'a@x.fr', address: '66.0.0.1', deviceId: 1 })).allowed).toBe(true);
  });

  it('gives a trusted device its own small allowance', async () => {
    for (let i = 0; i < LOGIN_LIMITS.device.free; i++)
      await limiter.recordFailure({ account: 'a@x.fr', address: '1.1.1.1', deviceId: 7 });
    expect((await limiter.check({ account: 'a@x.fr', address: '1.1.1.1', deviceId: 7 })).allowed).toBe(false);
    expect((await limiter.check({ account: 'a@x.fr', address: '1.1.1.1', deviceId: 8 })).allowed).toBe(true);
    // Those failures were not counted against the account or the address.
    expect((await limiter.check({ account: 'a@x.fr', address: '1.1.1.1' })).allowed).toBe(true);
  });

  it('forgets a key a day after its last failure', async () => {
    await fail('a@x.fr', '1.1.1.1', LOGIN_LIMITS.pair.free + 7);
    advance(LOGIN_LIMITS.pair.capMs + 1);
    await fail('a@x.fr', '1.1.1.1');
    expect((await limiter.check({ account: 'a@x.fr', address: '1.1.1.1' })).allowed).toBe(false);
    advance(LOGIN_LIMITS.forgetAfterMs + 1);
    await fail('a@x.fr', '1.1.1.1');
    expect((await limiter.check({ account: 'a@x.fr', address: '1.1.1.1' })).allowed).toBe(true);
  });

  it('a completed login clears its own pair, not the account’s other failures', async () => {
    await fail('a@x.fr', '1.1.1.1', LOGIN_LIMITS.pair.free - 1);
    for (let i = 0; i < LOGIN_LIMITS.account.free; i++) await fail('a@x.fr', `66.0.${i}.1`);
    advance(2000);
    await limiter.recordSuccess({ account: 'a@x.fr', address: '1.1.1.1' });
    await fail('a@x.fr', '1.1.1.1');
    expect((await limiter.check({ account: 'a@x.fr', address: '1.1.1.2' })).allowed).toBe(false);
  });

  it('keeps its counters across a restart (they live in the database)', async () => {
    await fail('a@x.fr', '1.1.1.1', LOGIN_LIMITS.pair.free);
    await t.app.close();
    const again = await buildApp({ config: t.config, clock: () => now });
    try {
      const fresh = new LoginLimiter(loginLimitsRepository(again.store), () => now);
      expect((await fresh.check({ account: 'a@x.fr', address: '1.1.1.1' })).allowed).toBe(false);
    } finally {
      await again.close();
    }
  });
});

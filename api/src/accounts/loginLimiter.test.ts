import { describe, expect, it } from 'vitest';
import { LOGIN_LIMITS, LoginLimiter } from './loginLimiter';

function setup() {
  let t = 1_000_000;
  const limiter = new LoginLimiter(() => t);
  return { limiter, advance: (ms: number) => (t += ms) };
}

describe('LoginLimiter', () => {
  it('pauses one address after 10 failures for one account, then frees it after the window', () => {
    const { limiter, advance } = setup();
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndIp.max; i++) {
      expect(limiter.check('a@x.fr', '1.1.1.1').allowed).toBe(true);
      limiter.recordFailure('a@x.fr', '1.1.1.1');
    }
    const verdict = limiter.check('a@x.fr', '1.1.1.1');
    expect(verdict.allowed).toBe(false);
    expect(limiter.check('a@x.fr', '2.2.2.2').allowed).toBe(true);
    advance(LOGIN_LIMITS.perAccountAndIp.windowMs + 1);
    expect(limiter.check('a@x.fr', '1.1.1.1').allowed).toBe(true);
  });

  it('caps an account at 100 failures an hour but keeps letting its known addresses in', () => {
    const { limiter } = setup();
    limiter.recordSuccess('a@x.fr', '10.0.0.1');
    for (let i = 0; i < LOGIN_LIMITS.perAccount.max; i++) limiter.recordFailure('a@x.fr', `66.0.${Math.floor(i / 5)}.${i % 5}`);
    expect(limiter.check('a@x.fr', '66.1.1.1').allowed).toBe(false);
    expect(limiter.check('a@x.fr', '10.0.0.1').allowed).toBe(true);
    expect(limiter.check('b@x.fr', '66.1.1.1').allowed).toBe(true);
  });

  it('caps one network address over all accounts', () => {
    const { limiter } = setup();
    for (let i = 0; i < LOGIN_LIMITS.perIp.max; i++) limiter.recordFailure(`u${i}@x.fr`, '9.9.9.9');
    const verdict = limiter.check('new@x.fr', '9.9.9.9');
    expect(verdict).toEqual({ allowed: false, retryAfterSeconds: 3600 });
  });

  it('a success clears the pair counter', () => {
    const { limiter } = setup();
    for (let i = 0; i < 9; i++) limiter.recordFailure('a@x.fr', '1.1.1.1');
    limiter.recordSuccess('a@x.fr', '1.1.1.1');
    limiter.recordFailure('a@x.fr', '1.1.1.1');
    expect(limiter.check('a@x.fr', '1.1.1.1').allowed).toBe(true);
  });
});

import { WindowCounter } from './windowCounter';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Limits on failed logins and failed second-factor codes. */
export const LOGIN_LIMITS = {
  /** Failures of one address from one network address before that pair is paused. */
  perAccountAndIp: { max: 10, windowMs: 15 * MINUTE },
  /** Failures of one account over all network addresses in an hour (issue: at most 100). */
  perAccount: { max: 100, windowMs: HOUR },
  /** Failures from one network address over all accounts in an hour. */
  perIp: { max: 50, windowMs: HOUR },
  /** How long a network address that logged in successfully stays trusted for that account. */
  trustedMs: 30 * 24 * HOUR,
} as const;

export type LimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Failed-attempt limits for one account key (the normalized e-mail, known or not) and one
 * network address. The per-account cap would let an attacker lock a pharmacy out, so once it is
 * reached it still lets through the addresses that logged into this account before: the
 * pharmacy's own counter keeps working, bounded by its per-(account, address) limit.
 */
export class LoginLimiter {
  private readonly pair: WindowCounter;
  private readonly account: WindowCounter;
  private readonly ip: WindowCounter;
  private readonly trusted = new Map<string, number>();

  constructor(private readonly now: () => number) {
    this.pair = new WindowCounter(LOGIN_LIMITS.perAccountAndIp.windowMs, now);
    this.account = new WindowCounter(LOGIN_LIMITS.perAccount.windowMs, now);
    this.ip = new WindowCounter(LOGIN_LIMITS.perIp.windowMs, now);
  }

  check(accountKey: string, ip: string): LimitVerdict {
    const pairKey = `${accountKey}\u0000${ip}`;
    if (this.pair.count(pairKey) >= LOGIN_LIMITS.perAccountAndIp.max) return this.refuse(this.pair.msUntilFree(pairKey));
    if (this.ip.count(ip) >= LOGIN_LIMITS.perIp.max && !this.isTrusted(pairKey)) return this.refuse(this.ip.msUntilFree(ip));
    if (this.account.count(accountKey) >= LOGIN_LIMITS.perAccount.max && !this.isTrusted(pairKey)) {
      return this.refuse(this.account.msUntilFree(accountKey));
    }
    return { allowed: true };
  }

  recordFailure(accountKey: string, ip: string): void {
    this.pair.hit(`${accountKey}\u0000${ip}`);
    this.account.hit(accountKey);
    this.ip.hit(ip);
  }

  recordSuccess(accountKey: string, ip: string): void {
    const pairKey = `${accountKey}\u0000${ip}`;
    this.pair.clear(pairKey);
    this.trusted.set(pairKey, this.now());
  }

  private isTrusted(pairKey: string): boolean {
    const at = this.trusted.get(pairKey);
    if (at === undefined) return false;
    if (this.now() - at > LOGIN_LIMITS.trustedMs) {
      this.trusted.delete(pairKey);
      return false;
    }
    return true;
  }

  private refuse(ms: number): LimitVerdict {
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)) };
  }
}

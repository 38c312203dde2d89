import { addressGroup } from '../plugins/clientAddress';
import type { LoginLimitsRepository } from './loginLimitsRepository';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * Failed logins and second-factor codes. Each key allows a few failures, then every further
 * failure doubles the wait before the next attempt (one second first), up to a cap; a key is
 * forgotten a day after its last failure. The counters live in the database: a restart changes
 * nothing.
 */
export const LOGIN_LIMITS = {
  /** One account from one address (an IPv6 /64). */
  pair: { free: 10, capMs: 15 * MINUTE },
  /** One address over all accounts (credential stuffing). */
  address: { free: 50, capMs: HOUR },
  /** One account over all addresses (a distributed attack); never applied to a trusted device. */
  account: { free: 100, capMs: HOUR },
  /** A trusted device's own allowance (a pharmacist mistyping, or a stolen laptop). */
  device: { free: 10, capMs: 15 * MINUTE },
  firstDelayMs: SECOND,
  forgetAfterMs: 24 * HOUR,
} as const;

type Scope = 'pair' | 'address' | 'account' | 'device';

/** How long a key is held after its n-th failure: nothing within the allowance, then 1 s, 2 s, 4 s... up to the cap. */
export function holdAfter(scope: Scope, failures: number): number {
  const { free, capMs } = LOGIN_LIMITS[scope];
  if (failures < free) return 0;
  return Math.min(capMs, LOGIN_LIMITS.firstDelayMs * 2 ** Math.min(failures - free, 30));
}

/** One attempt: the account's key (the normalized e-mail, known or not), the client address, and the trusted device it comes from. */
export interface LoginAttempt {
  account: string;
  address: string;
  deviceId?: number;
}

/**
 * The keys an attempt is counted on: a trusted device's own key only, so that an attacker's
 * failures never slow the pharmacist on a device that already logged in; otherwise the account
 * with the address, the address, and the account.
 */
function keysOf(attempt: LoginAttempt): string[] {
  if (attempt.deviceId !== undefined) return [`device:${attempt.deviceId}`];
  const address = addressGroup(attempt.address);
  return [`pair:${attempt.account}|${address}`, `address:${address}`, `account:${attempt.account}`];
}

const scopeOf = (key: string) => key.slice(0, key.indexOf(':')) as Scope;

export type LimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** The limiter over its repository and the business clock. */
export class LoginLimiter {
  constructor(
    private readonly repo: LoginLimitsRepository,
    private readonly now: () => Date,
  ) {}

  private forgetBefore(): string {
    return new Date(this.now().getTime() - LOGIN_LIMITS.forgetAfterMs).toISOString();
  }

  async check(attempt: LoginAttempt): Promise<LimitVerdict> {
    const now = this.now();
    const until = await this.repo.heldUntil(keysOf(attempt), now.toISOString(), this.forgetBefore());
    if (until === null) return { allowed: true };
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil((new Date(until).getTime() - now.getTime()) / 1000)),
    };
  }

  async recordFailure(attempt: LoginAttempt): Promise<void> {
    await this.repo.recordFailure(keysOf(attempt), this.now(), this.forgetBefore(), (key, failures) =>
      holdAfter(scopeOf(key), failures),
    );
  }

  /** A completed login forgets the failures of this account from this address, or of this device. */
  async recordSuccess(attempt: LoginAttempt): Promise<void> {
    await this.repo.clear(keysOf(attempt).filter((k) => k.startsWith('pair:') || k.startsWith('device:')));
  }
}

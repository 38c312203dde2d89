import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors';
import type { AccountRow } from '../db/schema';
import { LoginLimiter, type LoginAttempt } from './loginLimiter';
import { loginLimitsRepository } from './loginLimitsRepository';
import { decoyHash, verifyPassword } from './passwordHash';
import { trustedDevices } from './trustedDevices';

const tooManyAttempts = (seconds: number) =>
  new ApiError(
    429,
    'too_many_attempts',
    `Trop de tentatives. Réessayez dans ${Math.ceil(seconds / 60)} minute${seconds > 60 ? 's' : ''}.`,
    undefined,
    undefined,
    {
      retryAfterSeconds: seconds,
    },
  );

/**
 * A password or a code given for an account, under the failed-attempt limits of LoginLimiter:
 * the login's steps and the unlock of a tablet in patient mode (sessionLock.ts) count their
 * attempts alike, and check a password alike.
 */
export function loginAttempts(app: FastifyInstance) {
  const limiter = new LoginLimiter(loginLimitsRepository(app.store), () => app.clock());
  const devices = trustedDevices(app);
  return {
    /** The attempt as the limiter counts it: from a device trusted for the account, or not. */
    async attemptOf(
      email: string,
      ip: string,
      account: AccountRow | undefined,
      deviceTokens: string[],
    ): Promise<LoginAttempt> {
      const deviceId = account ? await devices.deviceOf(account.id, deviceTokens) : undefined;
      return { account: email, address: ip, ...(deviceId === undefined ? {} : { deviceId }) };
    },

    /** Refuses an attempt while its keys are held (429 with the wait). */
    async checkLimit(attempt: LoginAttempt): Promise<void> {
      const verdict = await limiter.check(attempt);
      if (!verdict.allowed) throw tooManyAttempts(verdict.retryAfterSeconds);
    },

    /**
     * Whether `password` is the account's. An unknown account, or one without a password, costs
     * the same argon2 work as a known one: no timing tells them apart. A wrong one is counted.
     */
    async passwordMatches(attempt: LoginAttempt, account: AccountRow | undefined, password: string): Promise<boolean> {
      const ok = account?.passwordHash
        ? await verifyPassword(account.passwordHash, password)
        : (await verifyPassword(await decoyHash(), password), false);
      if (!ok) await limiter.recordFailure(attempt);
      return ok;
    },

    recordFailure: (attempt: LoginAttempt) => limiter.recordFailure(attempt),
    recordSuccess: (attempt: LoginAttempt) => limiter.recordSuccess(attempt),
  };
}

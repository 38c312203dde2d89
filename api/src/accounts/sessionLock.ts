import type { FastifyInstance } from 'fastify';
import { ApiError, apiError } from '../errors';
import { loginAttempts } from './loginAttempts';
import { hashPassword, verifyPassword } from './passwordHash';
import type { StaffContext } from './staffTokens';

/** Wrong short codes a locked session takes before only the account's password unlocks it. */
export const MAX_UNLOCK_CODE_TRIES = 5;

/** What unlocks a session: the account's password or the short code chosen at the lock. */
export type UnlockProof = { password: string; code?: undefined } | { code: string; password?: undefined };

/**
 * Patient mode (D40): the pharmacist locks this device's session before handing the tablet to a
 * patient, with an optional short code; every staff route then refuses the session (staffTokens.ts)
 * until the account's password, or the code (five tries), is given again. The lock is the
 * session's, so the account's other devices stay open.
 */
export function sessionLock(app: FastifyInstance) {
  const repo = app.accountsRepository;
  const attempts = loginAttempts(app);

  /** The password, under the login's failure limits (a tablet left to a patient is a place to guess). */
  async function checkPassword(staff: StaffContext, password: string, ip: string, deviceTokens: string[]) {
    const { account } = staff;
    const attempt = await attempts.attemptOf(account.email, ip, account, deviceTokens);
    await attempts.checkLimit(attempt);
    if (!(await attempts.passwordMatches(attempt, account, password))) throw apiError(403, 'wrong_unlock_password');
    await attempts.recordSuccess(attempt);
  }

  /** The short code: each try counted before the comparison, none after the fifth. */
  async function checkCode(staff: StaffContext, code: string) {
    const lock = staff.lock;
    if (!lock?.codeHash) throw apiError(400, 'unlock_code_unset');
    if (!(await repo.countCodeTry(staff.jti, MAX_UNLOCK_CODE_TRIES))) throw apiError(403, 'unlock_code_spent');
    if (!(await verifyPassword(lock.codeHash, code))) {
      const left = MAX_UNLOCK_CODE_TRIES - lock.codeTries - 1;
      if (left <= 0) throw apiError(403, 'unlock_code_spent');
      throw new ApiError(
        403,
        'wrong_unlock_code',
        `Code incorrect. Il vous reste ${left} essai${left > 1 ? 's' : ''}, puis le mot de passe du compte sera demandé.`,
      );
    }
  }

  return {
    /** Locks the caller's own session; `code` (4 to 8 digits, checked by the route's schema) is kept hashed. */
    async lock(staff: StaffContext, code: string | undefined): Promise<void> {
      const codeHash = code === undefined ? null : await hashPassword(code);
      if (!(await repo.lockSession(staff.jti, codeHash, app.clock().toISOString())))
        throw apiError(423, 'session_locked');
    },

    /** Unlocks the caller's own session with the password or the code; a wrong one changes nothing but its count. */
    async unlock(staff: StaffContext, proof: UnlockProof, ip: string, deviceTokens: string[]): Promise<void> {
      if (!staff.lock) throw apiError(409, 'session_not_locked');
      if (proof.password !== undefined) await checkPassword(staff, proof.password, ip, deviceTokens);
      else await checkCode(staff, proof.code);
      await repo.unlockSession(staff.jti);
    },
  };
}

import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { ApiError } from '../errors';
import type { AccountRow } from '../db/schema';
import { accountEmails } from '../mail/messages';
import type { StaffContext } from '../plugins/auth';
import { LoginLimiter } from './loginLimiter';
import { normalizeEmail } from './normalizeEmail';
import { decoyHash, verifyPassword } from './passwordHash';
import { hashLoginCode, newLoginCode, sameDigest } from './secretToken';
import { issueMfaToken, issueStaffToken, MFA_TTL_SECONDS, type MfaClaims } from './staffTokens';

export const MAX_CODE_ATTEMPTS = 5;

/** An account as the login answers it: the spec's `client` object ({ id, name, nom, email, role }). */
export function accountView(a: AccountRow) {
  return { id: a.id, name: a.name, nom: a.displayName, email: a.email, role: a.role };
}

export type LoginResult = { step: 'verify'; token: string } | { token: string; client: ReturnType<typeof accountView> };

export const tooManyAttempts = (seconds: number) =>
  new ApiError(429, 'too_many_attempts', `Trop de tentatives. Réessayez dans ${Math.ceil(seconds / 60)} minute${seconds > 60 ? 's' : ''}.`);

/**
 * Login: the password, then the e-mailed six-digit code (D16), under the failed-attempt limits of
 * LoginLimiter (in memory, one instance per app). Logout revokes the one session.
 */
export function loginService(app: FastifyInstance) {
  const repo = app.repos.accounts;
  const limiter = new LoginLimiter(() => app.clock().getTime());
  const codeKey = app.config.codeHashKey;

  function checkLimit(key: string, ip: string) {
    const verdict = limiter.check(key, ip);
    if (!verdict.allowed) throw tooManyAttempts(verdict.retryAfterSeconds);
  }

  /** Starts the second factor: a code stored as a keyed hash, e-mailed, bound to a temporary token. */
  async function startSecondFactor(account: AccountRow): Promise<LoginResult> {
    const challengeId = randomUUID();
    const code = newLoginCode();
    const at = app.clock();
    await repo.createLoginCode({
      accountId: account.id,
      challengeId,
      codeHash: hashLoginCode(code, challengeId, codeKey),
      expiresAt: new Date(at.getTime() + MFA_TTL_SECONDS * 1000).toISOString(),
      createdAt: at.toISOString(),
    });
    await app.mailer.enqueue(accountEmails.loginCode(account.email, code));
    return { step: 'verify', token: issueMfaToken(app, account.id, challengeId) };
  }

  return {
    async login(rawEmail: string, password: string, ip: string): Promise<LoginResult> {
      const email = normalizeEmail(rawEmail);
      if (!email || !password) throw new ApiError(400, 'invalid_request', 'Veuillez saisir votre adresse e-mail et votre mot de passe.');
      checkLimit(email, ip);
      const account = await repo.findByEmail(email);
      // An unknown address costs the same argon2 work as a known one: no timing tells them apart.
      const ok = account?.passwordHash ? await verifyPassword(account.passwordHash, password) : (await verifyPassword(await decoyHash(), password), false);
      if (!account || !ok) {
        limiter.recordFailure(email, ip);
        throw new ApiError(401, 'invalid_credentials', 'Adresse e-mail ou mot de passe incorrect.');
      }
      if (account.disabledAt !== null) throw new ApiError(403, 'account_disabled', 'Ce compte est désactivé. Contactez l’équipe Bilan Prévention.');
      if (account.emailVerifiedAt === null) {
        throw new ApiError(403, 'email_not_verified', 'Adresse e-mail non vérifiée : ouvrez le lien reçu par e-mail lors de l’inscription.');
      }
      // D16: the second factor is on by default and admins cannot turn it off.
      if (account.twoFactorEnabled || account.role === 'admin') return startSecondFactor(account);
      limiter.recordSuccess(email, ip);
      return { token: await issueStaffToken(app, account), client: accountView(account) };
    },

    /** The code of the login attempt named by the temporary token's claims. */
    async verify(claims: MfaClaims, rawEmail: string, rawCode: string, ip: string) {
      const email = normalizeEmail(rawEmail);
      const code = rawCode.trim();
      if (!/^\d{6}$/.test(code)) throw new ApiError(400, 'invalid_code_format', 'Le code contient 6 chiffres.');
      checkLimit(email, ip);
      const account = await repo.findById(claims.sub);
      const row = await repo.findLoginCode(claims.jti, claims.sub);
      const at = app.clock().toISOString();
      const expired = new ApiError(401, 'code_expired', 'Code expiré ou déjà utilisé. Merci de vous reconnecter.');
      if (!account || account.email !== email || account.disabledAt !== null || !row || row.usedAt !== null) throw expired;
      if (row.expiresAt <= at) throw expired;
      if (!(await repo.countCodeAttempt(row.id, MAX_CODE_ATTEMPTS))) {
        throw new ApiError(401, 'too_many_code_attempts', 'Trop de codes erronés. Merci de vous reconnecter pour recevoir un nouveau code.');
      }
      if (!sameDigest(row.codeHash, hashLoginCode(code, claims.jti, codeKey))) {
        limiter.recordFailure(email, ip);
        const left = MAX_CODE_ATTEMPTS - row.attempts - 1;
        throw new ApiError(
          401,
          'invalid_code',
          left > 0 ? `Code incorrect. Il vous reste ${left} essai${left > 1 ? 's' : ''}.` : 'Code incorrect. Merci de vous reconnecter pour recevoir un nouveau code.',
        );
      }
      if (!(await repo.useLoginCode(row.id, at))) throw expired;
      limiter.recordSuccess(email, ip);
      return { token: await issueStaffToken(app, account), client: accountView(account) };
    },

    async logout(staff: StaffContext | undefined): Promise<void> {
      if (staff) await repo.revokeSession(staff.jti, app.clock().toISOString());
    },
  };
}

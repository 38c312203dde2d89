import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { ApiError } from '../errors';
import type { AccountRow } from '../db/schema';
import { accountEmails } from '../mail';
import type { StaffContext } from './staffTokens';
import type { LoginAttempt } from './loginLimiter';
import { loginAttempts } from './loginAttempts';
import { normalizeEmail } from './normalizeEmail';
import { hashLoginCode, newLoginCode, sameDigest } from './secretToken';
import { issueMfaToken, issueStaffToken, MFA_TTL_SECONDS, type MfaClaims } from './staffTokens';
import { trustedDevices } from './trustedDevices';

export const MAX_CODE_ATTEMPTS = 5;
/** How long the login's second step waits before it offers « Renvoyer le code ». */
const RESEND_CODE_AFTER_SECONDS = 60;

/** An account as the login answers it: the spec's `client` object ({ id, name, nom, email, role }). */
export function accountView(a: AccountRow) {
  return { id: a.id, name: a.name, nom: a.displayName, email: a.email, role: a.role };
}

/** An open staff session: its token and the account. */
type Session = { token: string; client: ReturnType<typeof accountView> };

type LoginResult = { step: 'verify'; token: string } | Session;

/** What a login step answers: the body, and on a completed login the device cookie to set. */
export interface LoginOutcome<R extends LoginResult = LoginResult> {
  result: R;
  cookie?: string;
}

/**
 * Login: the password, then the e-mailed six-digit code (D16), under the failed-attempt limits of
 * LoginLimiter (kept in the database). A browser that completes a login becomes a trusted device
 * of the account (trustedDevices.ts). Logout revokes the one session.
 */
export function loginService(app: FastifyInstance) {
  const repo = app.accountsRepository;
  const attempts = loginAttempts(app);
  const devices = trustedDevices(app);
  const codeKey = app.config.codeHashKey;

  /** A completed login: its failures forgotten, the device trusted, a staff session. */
  async function completed(
    account: AccountRow,
    attempt: LoginAttempt,
    deviceTokens: string[],
  ): Promise<LoginOutcome<Session>> {
    await attempts.recordSuccess(attempt);
    const cookie = await devices.trust(account.id, deviceTokens);
    return { result: { token: await issueStaffToken(app, account), client: accountView(account) }, cookie };
  }

  /** Starts the second factor: a code stored as a keyed hash, e-mailed, bound to a temporary token. */
  async function startSecondFactor(account: AccountRow): Promise<LoginOutcome> {
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
    return { result: { step: 'verify', token: issueMfaToken(app, account.id, challengeId) } };
  }

  return {
    async login(rawEmail: string, password: string, ip: string, deviceTokens: string[]): Promise<LoginOutcome> {
      const email = normalizeEmail(rawEmail);
      if (!email || !password)
        throw new ApiError(400, 'invalid_request', 'Veuillez saisir votre adresse e-mail et votre mot de passe.');
      const account = await repo.findByEmail(email);
      const attempt = await attempts.attemptOf(email, ip, account, deviceTokens);
      await attempts.checkLimit(attempt);
      if (!(await attempts.passwordMatches(attempt, account, password)) || !account) {
        throw new ApiError(401, 'invalid_credentials', 'Adresse e-mail ou mot de passe incorrect.');
      }
      if (account.disabledAt !== null)
        throw new ApiError(403, 'account_disabled', 'Ce compte est désactivé. Contactez l’équipe Bilan Prévention.');
      if (account.emailVerifiedAt === null) {
        throw new ApiError(
          403,
          'email_not_verified',
          'Adresse e-mail non vérifiée\u00a0: ouvrez le lien reçu par e-mail lors de l’inscription.',
        );
      }
      // D16: the second factor is on by default and admins cannot turn it off.
      if (account.twoFactorEnabled || account.role === 'admin') return startSecondFactor(account);
      return completed(account, attempt, deviceTokens);
    },

    /** The code of the login attempt named by the temporary token's claims. */
    async verify(
      claims: MfaClaims,
      rawEmail: string,
      rawCode: string,
      ip: string,
      deviceTokens: string[],
    ): Promise<LoginOutcome<Session>> {
      const email = normalizeEmail(rawEmail);
      const code = rawCode.trim();
      if (!/^\d{6}$/.test(code)) throw new ApiError(400, 'invalid_code_format', 'Le code contient 6 chiffres.');
      const account = await repo.findById(claims.sub);
      const attempt = await attempts.attemptOf(email, ip, account?.email === email ? account : undefined, deviceTokens);
      await attempts.checkLimit(attempt);
      const row = await repo.findLoginCode(claims.jti, claims.sub);
      const at = app.clock().toISOString();
      const expired = new ApiError(401, 'code_expired', 'Code expiré ou déjà utilisé. Merci de vous reconnecter.');
      if (!account || account.email !== email || account.disabledAt !== null || !row || row.usedAt !== null)
        throw expired;
      if (row.expiresAt <= at) throw expired;
      if (!(await repo.countCodeAttempt(row.id, MAX_CODE_ATTEMPTS))) {
        throw new ApiError(
          401,
          'too_many_code_attempts',
          'Trop de codes erronés. Merci de vous reconnecter pour recevoir un nouveau code.',
        );
      }
      if (!sameDigest(row.codeHash, hashLoginCode(code, claims.jti, codeKey))) {
        await attempts.recordFailure(attempt);
        const left = MAX_CODE_ATTEMPTS - row.attempts - 1;
        throw new ApiError(
          401,
          'invalid_code',
          left > 0
            ? `Code incorrect. Il vous reste ${left} essai${left > 1 ? 's' : ''}.`
            : 'Code incorrect. Merci de vous reconnecter pour recevoir un nouveau code.',
        );
      }
      if (!(await repo.useLoginCode(row.id, at))) throw expired;
      return completed(account, attempt, deviceTokens);
    },

    /**
     * « Renvoyer le code »: a new code for the same login attempt, once the last one is a minute
     * old. The previous code stops working; the tries already spent and the attempt's expiry
     * stay, so a resend never grants more guesses or more time than the first code did.
     */
    async resendCode(claims: MfaClaims): Promise<{ status: 'sent'; resendAfterSeconds: number }> {
      const account = await repo.findById(claims.sub);
      const row = await repo.findLoginCode(claims.jti, claims.sub);
      const now = app.clock();
      const at = now.toISOString();
      if (
        !account ||
        account.disabledAt !== null ||
        !row ||
        row.usedAt !== null ||
        row.expiresAt <= at ||
        row.attempts >= MAX_CODE_ATTEMPTS
      ) {
        throw new ApiError(401, 'code_expired', 'Code expiré ou déjà utilisé. Merci de vous reconnecter.');
      }
      const wait = Math.ceil((Date.parse(row.createdAt) + RESEND_CODE_AFTER_SECONDS * 1000 - now.getTime()) / 1000);
      const tooSoon = () =>
        new ApiError(
          429,
          'resend_too_soon',
          `Un nouveau code pourra être demandé dans ${Math.max(1, wait)}\u00a0s.`,
          undefined,
          undefined,
          {
            retryAfterSeconds: Math.max(1, wait),
          },
        );
      if (wait > 0) throw tooSoon();
      const code = newLoginCode();
      const sentBefore = new Date(now.getTime() - RESEND_CODE_AFTER_SECONDS * 1000).toISOString();
      if (!(await repo.replaceLoginCode(row.id, hashLoginCode(code, claims.jti, codeKey), at, sentBefore)))
        throw tooSoon();
      await app.mailer.enqueue(accountEmails.loginCode(account.email, code));
      return { status: 'sent', resendAfterSeconds: RESEND_CODE_AFTER_SECONDS };
    },

    async logout(staff: StaffContext | undefined): Promise<void> {
      if (staff) await repo.revokeSession(staff.jti, app.clock().toISOString());
    },
  };
}

import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors';
import { accountEmails } from '../mail';
import { normalizeEmail } from './normalizeEmail';
import { hashPassword } from './passwordHash';
import { checkPassword } from './passwordPolicy';
import { hashToken, newSecretToken } from './secretToken';
import { WindowCounter } from './windowCounter';

const RESET_TTL_MS = 3600_000;
/** Reset e-mails per address and hour: beyond it the answer stays the same but nothing is sent. */
const RESETS_PER_ADDRESS = 3;
export const RESET_REQUESTED = 'Un email de réinitialisation a été envoyé si l’adresse est connue.';
export const PASSWORD_UPDATED = 'Mot de passe mis à jour.';

/** Password reset: the e-mailed single-use link, then the new password. */
export function resetService(app: FastifyInstance) {
  const repo = app.accountsRepository;
  const resetPerAddress = new WindowCounter(3600_000, () => app.clock().getTime());

  /** A new single-use link to choose the account's password (the e-mailed reset, or admin:create). */
  async function resetLink(accountId: number, ttlMs: number): Promise<string> {
    const at = app.clock();
    const reset = newSecretToken();
    await repo.createAccountToken({
      accountId,
      purpose: 'reset_password',
      tokenHash: reset.hash,
      expiresAt: new Date(at.getTime() + ttlMs).toISOString(),
      createdAt: at.toISOString(),
    });
    return `${app.config.publicUrl}/reset-password#token=${reset.token}`;
  }

  return {
    /**
     * Same answer, known address or not, and in the same time: the request does the same work for
     * both (the address read and counted), and the lookup, the link and the message are made after
     * it is answered (a known address took 9-14 ms, an unknown one under 1: issue 41). The
     * per-address cap stops mail-bombing a pharmacy.
     */
    async requestReset(rawEmail: string): Promise<void> {
      const email = normalizeEmail(rawEmail);
      if (!email) throw new ApiError(400, 'invalid_request', 'Veuillez saisir votre adresse e-mail.');
      if (resetPerAddress.hit(email) > RESETS_PER_ADDRESS) return;
      app.mailer.later(async () => {
        const account = await repo.findByEmail(email);
        if (!account || account.disabledAt !== null) return undefined;
        return accountEmails.resetPassword(account.email, await resetLink(account.id, RESET_TTL_MS));
      });
    },

    resetLink,

    /**
     * Sets the new password of a live link; every session of the account ends, and only the
     * browser that resets (its device cookie) stays a trusted device.
     */
    async resetPassword(token: string, newPassword: string, deviceTokens: string[] = []): Promise<void> {
      const invalidLink = new ApiError(400, 'invalid_token', 'Lien invalide ou expiré. Demandez un nouveau lien.');
      if (!token) throw invalidLink;
      const tokenHash = hashToken(token);
      // A bogus or spent link is refused before the password's hash (a quarter of a second of
      // CPU): nobody can make the server hash for free. The transaction below spends the link.
      if (!(await repo.isAccountTokenLive(tokenHash, 'reset_password', app.clock().toISOString()))) throw invalidLink;
      const problem = checkPassword(newPassword);
      if (problem) throw new ApiError(400, problem.code, problem.message);
      const passwordHash = await hashPassword(newPassword);
      if (!(await repo.resetPassword(tokenHash, passwordHash, app.clock().toISOString(), deviceTokens.map(hashToken))))
        throw invalidLink;
    },
  };
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hashToken, newSecretToken } from './secretToken';
import { loginLimitsRepository } from './loginLimitsRepository';
import { cookieOf } from './staffCookie';

/**
 * Trusted devices: a browser that completed a login (password and code) for an account keeps a
 * random token in an httpOnly, SameSite=Strict cookie scoped to /api/auth (Secure over https);
 * the server keeps its hash only. A login that carries the token of a device trusted for that
 * account is counted on the device's own allowance, not on the limits meant for attackers
 * (loginLimiter.ts), so an attack never locks out the pharmacy's own devices. The cookie holds the
 * tokens of the last few accounts used on the browser.
 */
const DEVICE_COOKIE = 'bilan_device';
const MAX_TOKENS = 5;
const DEVICE_TRUST_MS = 90 * 24 * 3600_000;

/** The device tokens a request carries (its cookie), at most a few, each of the expected shape. */
export function deviceTokensOf(request: FastifyRequest): string[] {
  return (cookieOf(request, DEVICE_COOKIE) ?? '')
    .split('.')
    .filter((t) => /^[A-Za-z0-9_-]{43}$/.test(t))
    .slice(0, MAX_TOKENS);
}

/** The trusted devices of the accounts service: which device an attempt comes from, and trusting one. */
export function trustedDevices(app: FastifyInstance) {
  const repo = loginLimitsRepository(app.store);
  const secure = app.config.publicUrl.startsWith('https:');
  const cookie = (tokens: string[]) =>
    `${DEVICE_COOKIE}=${tokens.join('.')}; Path=/api/auth; HttpOnly; SameSite=Strict; Max-Age=${DEVICE_TRUST_MS / 1000}${secure ? '; Secure' : ''}`;

  return {
    /** The id of the device trusted for this account that the tokens name, if any. */
    async deviceOf(accountId: number, tokens: string[]): Promise<number | undefined> {
      return (await repo.findTrustedDevice(accountId, tokens.map(hashToken), app.clock().toISOString()))?.id;
    },

    /**
     * After a completed login: the device is trusted for the account for another period (a new
     * token when it was not yet); answers the Set-Cookie value, which keeps the other accounts' tokens.
     */
    async trust(accountId: number, tokens: string[]): Promise<string> {
      const now = app.clock();
      const expiresAt = new Date(now.getTime() + DEVICE_TRUST_MS).toISOString();
      const known = await repo.findTrustedDevice(accountId, tokens.map(hashToken), now.toISOString());
      if (known) {
        await repo.touchTrustedDevice(known.id, now.toISOString(), expiresAt);
        return cookie(tokens);
      }
      const fresh = newSecretToken();
      await repo.addTrustedDevice({ accountId, tokenHash: fresh.hash, now: now.toISOString(), expiresAt });
      return cookie([fresh.token, ...tokens].slice(0, MAX_TOKENS));
    },
  };
}

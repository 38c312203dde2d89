import fp from 'fastify-plugin';
import jwt from '@fastify/jwt';
import type { FastifyRequest } from 'fastify';
import { ApiError, apiError } from '../errors';

/**
 * Verifies the bearer token with the algorithm pinned to HS256 and maps every failure to our
 * JSON errors: no token → 401 unauthenticated, expired → 401 session_expired, anything else
 * (bad signature, other algorithm, malformed header) → 401 invalid_token.
 */
export async function verifyBearer(request: FastifyRequest): Promise<Record<string, unknown>> {
  if (!request.headers.authorization) throw apiError(401, 'unauthenticated');
  try {
    return await request.jwtVerify<Record<string, unknown>>();
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_JWT_AUTHORIZATION_TOKEN_EXPIRED') throw apiError(401, 'session_expired');
    throw invalidToken();
  }
}

/** A token of the wrong kind, for another account, or no longer a session. */
export const invalidToken = () => new ApiError(401, 'invalid_token', 'Session expirée ou invalide.');

/**
 * Bearer tokens, HS256 pinned on sign and verify. Each kind of token has its feature's guard,
 * which plugins/access.ts installs from a route's decision: the patient's (patient/plugin.ts),
 * the second factor's and the staff session's (accounts/plugin.ts).
 */
export default fp(
  async (app) => {
    await app.register(jwt, {
      secret: app.config.jwtSecret,
      sign: { algorithm: 'HS256', expiresIn: app.config.patientTokenTtl },
      // Verified tokens are remembered until their expiry (fast-jwt's cache): a patient's page
      // saves present the same token each time, and checking its signature again was 5 % of a save.
      verify: { algorithms: ['HS256'], cache: true },
    });
  },
  { name: 'auth', dependencies: ['config'] },
);

import fp from 'fastify-plugin';
import jwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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
    throw tokenRefusal(err);
  }
}

/**
 * Verifies a token that did not come in the Authorization header (the web app's session cookie,
 * accounts/staffCookie.ts), with the same pinning and the same errors as verifyBearer.
 */
export function verifyToken(app: FastifyInstance, token: string): Record<string, unknown> {
  try {
    return app.jwt.verify<Record<string, unknown>>(token);
  } catch (err) {
    throw tokenRefusal(err);
  }
}

/** Expired (as @fastify/jwt's request check or fast-jwt itself says it) → 401 session_expired, anything else → 401 invalid_token. */
function tokenRefusal(err: unknown): ApiError {
  const code = (err as { code?: string }).code;
  return code === 'FST_JWT_AUTHORIZATION_TOKEN_EXPIRED' || code === 'FAST_JWT_EXPIRED'
    ? apiError(401, 'session_expired')
    : invalidToken();
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

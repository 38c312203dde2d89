import fp from 'fastify-plugin';
import jwt from '@fastify/jwt';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, apiError } from '../errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: a valid patient token (kind 'patient'); sets request.patientId. */
    requirePatient: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** A patient token limited to that patient's own record. */
    signPatientToken: (patientId: number) => string;
  }
  interface FastifyRequest {
    patientId?: number;
  }
}

/** Claims of a patient token. Staff tokens (accounts work) carry kind 'staff' and never pass here. */
export interface PatientTokenPayload {
  kind: 'patient';
  sub: number;
}

const expiredCode = 'FST_JWT_AUTHORIZATION_TOKEN_EXPIRED';

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
    if (code === expiredCode) throw apiError(401, 'session_expired');
    throw new ApiError(401, 'invalid_token', 'Session expirée ou invalide.');
  }
}

export default fp(
  async (app) => {
    await app.register(jwt, {
      secret: app.config.jwtSecret,
      sign: { algorithm: 'HS256', expiresIn: app.config.patientTokenTtl },
      verify: { algorithms: ['HS256'] },
    });

    app.decorate('signPatientToken', (patientId: number) =>
      app.jwt.sign({ kind: 'patient', sub: patientId } satisfies PatientTokenPayload, { expiresIn: app.config.patientTokenTtl }),
    );

    app.decorate('requirePatient', async (request: FastifyRequest) => {
      const payload = await verifyBearer(request);
      if (payload.kind !== 'patient' || typeof payload.sub !== 'number' || !Number.isInteger(payload.sub)) {
        throw new ApiError(401, 'invalid_token', 'Session expirée ou invalide.');
      }
      request.patientId = payload.sub;
    });
  },
  { name: 'auth', dependencies: ['config'] },
);

import fp from 'fastify-plugin';
import jwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, apiError } from '../errors';
import type { AccountRow } from '../db/schema';

/** Claims of a patient token: limited to that patient's own record. */
export interface PatientTokenPayload {
  kind: 'patient';
  sub: number;
}

/** Claims of a staff session token (accounts/staffTokens.ts issues them at login). */
export interface StaffClaims {
  kind: 'staff';
  sub: number;
  role: AccountRow['role'];
  ver: number;
  jti: string;
}

/** The staff member behind a request of a staff route. */
export interface StaffContext {
  account: AccountRow;
  jti: string;
}

type Guard = (request: FastifyRequest) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Hook: a valid patient token (kind 'patient') whose form is still in progress; sets request.patientId. */
    requirePatient: Guard;
    /** Hook: a live staff session of any role; sets request.staff. */
    requireStaff: Guard;
    /** Hook: a live staff session of a pharmacy (an admin has no patients: 403). */
    requirePharmacy: Guard;
    /** Hook: a live staff session of an admin. */
    requireAdmin: Guard;
    /** A patient token limited to that patient's own record. */
    signPatientToken: (patientId: number) => string;
  }
  interface FastifyRequest {
    patientId?: number;
    staff?: StaffContext;
  }
}

const expiredCode = 'FST_JWT_AUTHORIZATION_TOKEN_EXPIRED';
const invalid = () => new ApiError(401, 'invalid_token', 'Session expirée ou invalide.');

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
    throw invalid();
  }
}

/**
 * The staff member behind the bearer token. Refused: other kinds of token (patient, mfa), a
 * disabled account, a token older than the account's last reset or disablement (tokenVersion),
 * and a session ended by logout.
 */
async function authenticateStaff(app: FastifyInstance, request: FastifyRequest): Promise<StaffContext> {
  const { kind, sub, ver, jti } = await verifyBearer(request);
  if (kind !== 'staff' || typeof sub !== 'number' || typeof ver !== 'number' || typeof jti !== 'string')
    throw invalid();
  const account = await app.repos.accounts.findById(sub);
  if (!account || account.disabledAt !== null || account.tokenVersion !== ver) throw invalid();
  if (!(await app.repos.accounts.isSessionLive(jti, account.id, app.clock().toISOString()))) throw invalid();
  return { account, jti };
}

/** A guard for staff of one role, or of any role. */
function staffGuard(app: FastifyInstance, role?: AccountRow['role']): Guard {
  return async (request) => {
    const staff = await authenticateStaff(app, request);
    if (role && staff.account.role !== role) throw apiError(403, 'forbidden');
    request.staff = staff;
  };
}

/**
 * Bearer tokens (HS256, pinned on sign and verify) and the guards that route subtrees install as
 * one hook: `app.addHook('onRequest', app.requirePharmacy)`. Each kind of token (patient,
 * second-factor, staff) passes only the guard of its own routes.
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

    app.decorate('signPatientToken', (patientId: number) =>
      app.jwt.sign({ kind: 'patient', sub: patientId } satisfies PatientTokenPayload, {
        expiresIn: app.config.patientTokenTtl,
      }),
    );

    // D23: a patient's session ends with the finishing call. Checked before any answer is read,
    // on every route that takes a patient token; a purged patient's token is no session either.
    app.decorate('requirePatient', async (request: FastifyRequest) => {
      const payload = await verifyBearer(request);
      if (payload.kind !== 'patient' || typeof payload.sub !== 'number' || !Number.isInteger(payload.sub))
        throw invalid();
      const status = await app.repos.patient.formStatus(payload.sub);
      if (status === undefined) throw apiError(401, 'session_expired');
      if (status === 'submitted') throw apiError(401, 'form_submitted');
      request.patientId = payload.sub;
    });
    app.decorate('requireStaff', staffGuard(app));
    app.decorate('requirePharmacy', staffGuard(app, 'pharmacy'));
    app.decorate('requireAdmin', staffGuard(app, 'admin'));
  },
  { name: 'auth', dependencies: ['config', 'db'] },
);

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { ApiError, apiError } from '../errors';
import { verifyBearer } from '../plugins/auth';
import { staffSessions } from '../db/accountsSchema';
import { clients, type ClientRow } from '../db/schema';

/** Staff sessions last a working day. */
export const STAFF_TOKEN_TTL_SECONDS = 8 * 3600;
/** The second-factor step: the temporary token and its code live 10 minutes (D16). */
export const MFA_TTL_SECONDS = 10 * 60;

export interface StaffClaims {
  kind: 'staff';
  sub: number;
  role: 'admin' | 'pharmacy';
  ver: number;
  jti: string;
}

export interface MfaClaims {
  kind: 'mfa';
  sub: number;
  jti: string;
}

export interface StaffContext {
  client: ClientRow;
  jti: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    staff?: StaffContext;
  }
}

const invalid = () => new ApiError(401, 'invalid_token', 'Session expirée ou invalide.');

/** A staff session token, recorded by its jti so that logout can revoke exactly this one. */
export function issueStaffToken(app: FastifyInstance, client: ClientRow): string {
  const jti = randomUUID();
  const now = app.clock();
  app.db
    .insert(staffSessions)
    .values({
      jti,
      clientId: client.id,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + STAFF_TOKEN_TTL_SECONDS * 1000).toISOString(),
    })
    .run();
  const claims: StaffClaims = { kind: 'staff', sub: client.id, role: client.role, ver: client.tokenVersion, jti };
  return app.jwt.sign(claims, { expiresIn: STAFF_TOKEN_TTL_SECONDS });
}

export function issueMfaToken(app: FastifyInstance, clientId: number, challengeId: string): string {
  const claims: MfaClaims = { kind: 'mfa', sub: clientId, jti: challengeId };
  return app.jwt.sign(claims, { expiresIn: MFA_TTL_SECONDS });
}

/**
 * The staff member behind the bearer token. Refused: other kinds of token (patient, mfa), a
 * disabled account, a token older than the account's last reset or disablement (tokenVersion),
 * and a session ended by logout.
 */
export async function authenticateStaff(app: FastifyInstance, request: FastifyRequest): Promise<StaffContext> {
  const payload = await verifyBearer(request);
  const { kind, sub, ver, jti } = payload;
  if (kind !== 'staff' || typeof sub !== 'number' || typeof ver !== 'number' || typeof jti !== 'string') throw invalid();
  const client = app.db.select().from(clients).where(eq(clients.id, sub)).get();
  if (!client || client.disabledAt !== null || client.tokenVersion !== ver) throw invalid();
  const live = app.db
    .select({ jti: staffSessions.jti })
    .from(staffSessions)
    .where(
      and(
        eq(staffSessions.jti, jti),
        eq(staffSessions.clientId, client.id),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, app.clock().toISOString()),
      ),
    )
    .get();
  if (!live) throw invalid();
  return { client, jti };
}

/** Claims of a temporary second-factor token, or a 401. */
export async function authenticateMfa(request: FastifyRequest): Promise<MfaClaims> {
  let payload: Record<string, unknown>;
  try {
    payload = await verifyBearer(request);
  } catch (err) {
    if (err instanceof ApiError && err.code === 'unauthenticated') throw err;
    throw new ApiError(401, 'verification_expired', 'Session de vérification expirée. Merci de vous reconnecter.');
  }
  if (payload.kind !== 'mfa' || typeof payload.sub !== 'number' || typeof payload.jti !== 'string') {
    throw new ApiError(401, 'verification_expired', 'Session de vérification expirée. Merci de vous reconnecter.');
  }
  return { kind: 'mfa', sub: payload.sub, jti: payload.jti };
}

/** onRequest hooks for a subtree of routes. */
export function staffGuards(app: FastifyInstance) {
  return {
    requireStaff: async (request: FastifyRequest) => {
      request.staff = await authenticateStaff(app, request);
    },
    requireAdmin: async (request: FastifyRequest) => {
      const staff = await authenticateStaff(app, request);
      if (staff.client.role !== 'admin') throw apiError(403, 'forbidden');
      request.staff = staff;
    },
    requirePharmacy: async (request: FastifyRequest) => {
      const staff = await authenticateStaff(app, request);
      // The dashboards of patients' data belong to pharmacies; an admin has no patients.
      if (staff.client.role !== 'pharmacy') throw apiError(403, 'forbidden');
      request.staff = staff;
    },
  };
}

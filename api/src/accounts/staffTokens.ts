import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { ApiError, apiError } from '../errors';
import type { AccountRow } from '../db/schema';
import { invalidToken, verifyBearer } from '../plugins/auth';
import type { Guard } from '../plugins/access';

/** Staff sessions last a working day. */
const STAFF_TOKEN_TTL_SECONDS = 8 * 3600;
/** The second-factor step: the temporary token and its code live 10 minutes (D16). */
export const MFA_TTL_SECONDS = 10 * 60;

/** Claims of a staff session token. */
interface StaffClaims {
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

/** Claims of the temporary token between the password and the e-mailed code. */
export interface MfaClaims {
  kind: 'mfa';
  sub: number;
  jti: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireMfa on the second-factor route. */
    mfa?: MfaClaims;
    /** Set by the staff guards (staffGuard). */
    staff?: StaffContext;
  }
}

/** A staff session token, recorded by its jti so that logout can revoke exactly this one. */
export async function issueStaffToken(app: FastifyInstance, account: AccountRow): Promise<string> {
  const jti = randomUUID();
  const now = app.clock();
  await app.accountsRepository.createSession({
    jti,
    accountId: account.id,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + STAFF_TOKEN_TTL_SECONDS * 1000).toISOString(),
  });
  const claims: StaffClaims = { kind: 'staff', sub: account.id, role: account.role, ver: account.tokenVersion, jti };
  return app.jwt.sign(claims, { expiresIn: STAFF_TOKEN_TTL_SECONDS });
}

export function issueMfaToken(app: FastifyInstance, accountId: number, challengeId: string): string {
  const claims: MfaClaims = { kind: 'mfa', sub: accountId, jti: challengeId };
  return app.jwt.sign(claims, { expiresIn: MFA_TTL_SECONDS });
}

const verificationExpired = () =>
  new ApiError(401, 'verification_expired', 'Session de vérification expirée. Merci de vous reconnecter.');

/** Hook of the second-factor route: the claims of a temporary token (request.mfa), or a 401. */
export async function requireMfa(request: FastifyRequest): Promise<void> {
  let payload: Record<string, unknown>;
  try {
    payload = await verifyBearer(request);
  } catch (err) {
    if (err instanceof ApiError && err.code === 'unauthenticated') throw err;
    throw verificationExpired();
  }
  if (payload.kind !== 'mfa' || typeof payload.sub !== 'number' || typeof payload.jti !== 'string')
    throw verificationExpired();
  request.mfa = { kind: 'mfa', sub: payload.sub, jti: payload.jti };
}

/**
 * The staff member behind the bearer token. Refused: other kinds of token (patient, mfa), a
 * disabled account, a token older than the account's last reset or disablement (tokenVersion),
 * and a session ended by logout.
 */
async function authenticateStaff(app: FastifyInstance, request: FastifyRequest): Promise<StaffContext> {
  const { kind, sub, ver, jti } = await verifyBearer(request);
  if (kind !== 'staff' || typeof sub !== 'number' || typeof ver !== 'number' || typeof jti !== 'string')
    throw invalidToken();
  const account = await app.accountsRepository.findById(sub);
  if (!account || account.disabledAt !== null || account.tokenVersion !== ver) throw invalidToken();
  if (!(await app.accountsRepository.isSessionLive(jti, account.id, app.clock().toISOString()))) throw invalidToken();
  return { account, jti };
}

/** The guard of a staff session of one role, or of any role; sets request.staff. */
export function staffGuard(app: FastifyInstance, role?: AccountRow['role']): Guard {
  return async (request) => {
    const staff = await authenticateStaff(app, request);
    if (role && staff.account.role !== role) throw apiError(403, 'forbidden');
    request.staff = staff;
  };
}

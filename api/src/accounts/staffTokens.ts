import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { ApiError, apiError } from '../errors';
import type { AccountRow } from '../db/schema';
import { invalidToken, verifyBearer, verifyToken } from '../plugins/auth';
import type { Guard } from '../plugins/access';
import { cookieOf, fromWebApp, SESSION_COOKIE, STAFF_TOKEN_TTL_SECONDS } from './staffCookie';
import type { SessionLock } from './sessionsRepository';

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
  /** The session's lock (patient mode, D40), seen by the routes a locked session may call; null when open. */
  lock: SessionLock | null;
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

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Sec-Fetch-Site of a request a page of the site itself made (or a person typing the address). */
const OWN_SITE = new Set(['same-origin', 'none']);

/**
 * A cookie travels with whatever a browser sends, a request another site's page makes included:
 * a call that changes something on the strength of the session cookie must come from the web app
 * itself. SameSite=Strict keeps the cookie off other sites' requests already; on top of it, such
 * a call carries the web app's header (a page of another site cannot add a header to a request
 * here without the server's CORS consent, which it never gives) and, when the browser says where
 * it comes from, comes from this site.
 */
function crossSiteRefused(app: FastifyInstance, request: FastifyRequest): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const site = request.headers['sec-fetch-site'];
  return !fromWebApp(request) || (typeof site === 'string' && !OWN_SITE.has(site)) || foreignOrigin(app, request);
}

/**
 * Whether the call says it comes from another site's page in `Origin` (a browser without
 * Sec-Fetch-Site still sends it on a POST): the site is PUBLIC_URL, or the host the call was made
 * to (the web app's development server forwards its calls). `null` (a sandboxed page, a file) is
 * another site. No Origin (a tool, an older browser's same-site call) is left to the checks above.
 */
function foreignOrigin(app: FastifyInstance, request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  if (origin === new URL(app.config.publicUrl).origin) return false;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return true;
  }
  return host === '' || host !== request.headers.host;
}

/** The claims of a staff request: its bearer token (integrators), else its session cookie (the web app, D36). */
async function staffClaims(app: FastifyInstance, request: FastifyRequest): Promise<Record<string, unknown>> {
  if (request.headers.authorization) return verifyBearer(request);
  const token = cookieOf(request, SESSION_COOKIE);
  if (!token) throw apiError(401, 'unauthenticated');
  if (crossSiteRefused(app, request)) throw apiError(403, 'cross_site_refused');
  return verifyToken(app, token);
}

/**
 * The staff member behind the bearer token or the session cookie. Refused: other kinds of token
 * (patient, mfa), a disabled account, a token older than the account's last reset or disablement
 * (tokenVersion), a session ended by logout, and a locked session (patient mode, D40: 423
 * session_locked) unless the route is one a locked device may call (unlock, logout). The lock
 * belongs to the session, so a bearer token of the same session is refused alike.
 */
async function authenticateStaff(
  app: FastifyInstance,
  request: FastifyRequest,
  whileLocked: boolean,
): Promise<StaffContext> {
  const { kind, sub, ver, jti } = await staffClaims(app, request);
  if (kind !== 'staff' || typeof sub !== 'number' || typeof ver !== 'number' || typeof jti !== 'string')
    throw invalidToken();
  const account = await app.accountsRepository.findById(sub);
  if (!account || account.disabledAt !== null || account.tokenVersion !== ver) throw invalidToken();
  const session = await app.accountsRepository.liveSession(jti, account.id, app.clock().toISOString());
  if (!session) throw invalidToken();
  if (session.lock && !whileLocked) throw apiError(423, 'session_locked');
  return { account, jti, lock: session.lock };
}

/**
 * The guard of a staff session of one role, or of any role; sets request.staff. `whileLocked`
 * lets a locked session through (the unlock and the logout of a device in patient mode).
 */
export function staffGuard(app: FastifyInstance, role?: AccountRow['role'], whileLocked = false): Guard {
  return async (request) => {
    const staff = await authenticateStaff(app, request, whileLocked);
    if (role && staff.account.role !== role) throw apiError(403, 'forbidden');
    request.staff = staff;
  };
}

import type { FastifyRequest } from 'fastify';

/**
 * D36: the web app's staff session lives in an HttpOnly cookie, never in the page's storage, so
 * that no script of a page can read a pharmacist's session. SameSite=Strict, Path=/api, Secure
 * behind HTTPS. The web app says it is the web app on every call (`X-Bilan-Client: web`): a login
 * it completes answers the cookie and no token. A pharmacy's software, which sends no such
 * header, keeps the bearer token of its answer (README, « The API for integrators »).
 */
export const SESSION_COOKIE = 'bilan_session';
/** Staff sessions last a working day: the token and its cookie alike. */
export const STAFF_TOKEN_TTL_SECONDS = 8 * 3600;
const WEB_CLIENT_HEADER = 'x-bilan-client';

/** The value of a cookie a request carries, if any. */
export function cookieOf(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

/** Whether the call comes from the web app (its API client sends the header on every call). */
export function fromWebApp(request: FastifyRequest): boolean {
  return request.headers[WEB_CLIENT_HEADER] === 'web';
}

/** The Set-Cookie of a staff session (`token`), or its removal (null). */
export function sessionCookie(token: string | null, secure: boolean): string {
  const maxAge = token === null ? 0 : STAFF_TOKEN_TTL_SECONDS;
  return `${SESSION_COOKIE}=${token ?? ''}; Path=/api; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${secure ? '; Secure' : ''}`;
}

import { apiJson, apiText, type Answer, type RequestBody } from '../api/client';

// The answers' types come from the API document (`@bilan/api/openapi`), so that a route schema
// change the pages do not follow fails the typecheck.

export type InviteCheck = Answer<'post', '/api/auth/check-invite'>;

/** The staff account's calls: login and its second factor, sign-up by invitation, reset, logout, patient mode. */
export const staffApi = {
  login: (email: string, password: string) => apiJson('post', '/api/auth/login', { body: { email, password } }),
  verify: (email: string, code: string, tempToken: string) =>
    apiJson('post', '/api/auth/verify', { body: { email, code }, token: tempToken }),
  resendCode: (tempToken: string) => apiJson('post', '/api/auth/resend-code', { body: {}, token: tempToken }),
  checkInvite: (token: string) => apiJson('post', '/api/auth/check-invite', { body: { token } }),
  verifyEmail: (token: string) => apiJson('post', '/api/auth/verify-email', { body: { token } }),
  register: (body: RequestBody<'post', '/api/auth/register'>) => apiJson('post', '/api/auth/register', { body }),
  requestReset: (email: string) => apiText('post', '/api/auth/request-reset', { body: { email } }),
  resetPassword: (token: string, newPassword: string) =>
    apiText('post', '/api/auth/reset-password', { body: { token, newPassword } }),
  // The session cookie goes with the call (same origin).
  logout: () => apiJson('post', '/api/auth/logout', { body: {} }),
  /** Who the session is; 423 session_locked while this device is in patient mode (D40). */
  me: () => apiJson('get', '/api/auth/me'),
  lock: (code: string) => apiJson('post', '/api/auth/lock', { body: code === '' ? {} : { code } }),
  unlock: (proof: RequestBody<'post', '/api/auth/unlock'>) => apiJson('post', '/api/auth/unlock', { body: proof }),
};

import { apiBlob, apiJson, apiText, type Answer, type RequestBody, type RequestQuery } from '../api/client';

// The answers' types come from the API document (`@bilan/api/openapi`), so that a route schema
// change the pages do not follow fails the typecheck.

export type LoginAnswer = Answer<'post', '/api/auth/login'>;

export type InviteCheck = Answer<'post', '/api/auth/check-invite'>;

export type GroupedForms = Answer<'get', '/api/responses/grouped'>;

/** A sent form of the list, with its triage (priority findings, as Bilan.pdf lists them) and status. */
export type FormRecord = GroupedForms['records'][number];

/** A form started and not sent: « En cours ». */
export type StartedForm = GroupedForms['inProgress'][number];

export type FormSort = NonNullable<RequestQuery<'get', '/api/responses/grouped'>['sort']>;

export interface FormQuery {
  q: string;
  /** YYYY-MM, 'all', or '' for the current month. */
  month: string;
  page: number;
  sort: FormSort;
}

/** One form read in the page: the patient, the report's findings, what is due, the answers. */
export type FormView = Answer<'get', '/api/forms/{id}'>;

export type Invitation = Answer<'post', '/api/admin/invitations'>;

export type PharmacyStats = Answer<'get', '/api/admin/stats/pharmacies'>[number];

export type FailedEmail = Answer<'get', '/api/admin/emails/failed'>[number];

export const accountsApi = {
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
  logout: (token: string) => apiJson('post', '/api/auth/logout', { body: {}, token }),
  grouped: (token: string, query: FormQuery) =>
    apiJson('get', '/api/responses/grouped', {
      token,
      // Defaults are left out of the address: the first page, sorted by priority.
      query: {
        q: query.q,
        month: query.month,
        page: query.page > 1 ? String(query.page) : undefined,
        sort: query.sort !== 'priority' ? query.sort : undefined,
      },
    }),
  latest: (token: string) => apiJson('get', '/api/responses/latest', { token }),
  form: (token: string, id: number) => apiJson('get', '/api/forms/{id}', { params: { id: String(id) }, token }),
  setBilanDone: (token: string, id: number, done: boolean) =>
    apiJson('put', '/api/forms/{id}/bilan', { params: { id: String(id) }, body: { done }, token }),
  pdf: (token: string, id: number, kind: 'formulaire' | 'bilan') =>
    apiBlob('get', '/api/pdf-download/{id}/{kind}', { params: { id: String(id), kind }, token }),
  exportXlsx: (token: string) => apiBlob('get', '/api/utilisateurs/export', { token }),
  qrCode: (token: string) => apiBlob('get', '/api/dashboard/qrcode.svg', { token }),
  poster: (token: string) => apiBlob('get', '/api/dashboard/poster.pdf', { token }),
  stats: (token: string) => apiJson('get', '/api/admin/stats/pharmacies', { token }),
  invitations: (token: string) => apiJson('get', '/api/admin/invitations', { token }),
  createInvitation: (token: string, email: string | null, ttlDays: number) =>
    apiJson('post', '/api/admin/invitations', { body: { email, ttlDays }, token }),
  statsExport: (token: string) => apiBlob('get', '/api/admin/stats/export', { token }),
  resendInvitation: (token: string, id: number) =>
    apiJson('post', '/api/admin/invitations/{id}/resend', { params: { id: String(id) }, body: {}, token }),
  failedEmails: (token: string) => apiJson('get', '/api/admin/emails/failed', { token }),
};

import { apiBlob, apiJson, type Answer } from '../api/client';

// The answers' types come from the API document (`@bilan/api/openapi`), so that a route schema
// change the pages do not follow fails the typecheck.

export type Invitation = Answer<'post', '/api/admin/invitations'>;

export type PharmacyStats = Answer<'get', '/api/admin/stats/pharmacies'>[number];

/** The admin dashboard's calls: invitations, statistics and their export, undelivered e-mails. */
export const adminApi = {
  stats: (token: string) => apiJson('get', '/api/admin/stats/pharmacies', { token }),
  invitations: (token: string) => apiJson('get', '/api/admin/invitations', { token }),
  createInvitation: (token: string, email: string | null, ttlDays: number) =>
    apiJson('post', '/api/admin/invitations', { body: { email, ttlDays }, token }),
  statsExport: (token: string) => apiBlob('get', '/api/admin/stats/export', { token }),
  resendInvitation: (token: string, id: number) =>
    apiJson('post', '/api/admin/invitations/{id}/resend', { params: { id: String(id) }, body: {}, token }),
  failedEmails: (token: string) => apiJson('get', '/api/admin/emails/failed', { token }),
};

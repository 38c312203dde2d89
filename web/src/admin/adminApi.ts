import { apiBlob, apiJson, type Answer } from '../api/client';

// The answers' types come from the API document (`@bilan/api/openapi`), so that a route schema
// change the pages do not follow fails the typecheck.

export type Invitation = Answer<'post', '/api/admin/invitations'>;

export type PharmacyStats = Answer<'get', '/api/admin/stats/pharmacies'>[number];

/** The admin dashboard's calls (the session cookie goes with them): invitations, statistics and their export, undelivered e-mails. */
export const adminApi = {
  stats: () => apiJson('get', '/api/admin/stats/pharmacies'),
  invitations: () => apiJson('get', '/api/admin/invitations'),
  createInvitation: (email: string | null, ttlDays: number) =>
    apiJson('post', '/api/admin/invitations', { body: { email, ttlDays } }),
  statsExport: () => apiBlob('get', '/api/admin/stats/export'),
  resendInvitation: (id: number) =>
    apiJson('post', '/api/admin/invitations/{id}/resend', { params: { id: String(id) }, body: {} }),
  failedEmails: () => apiJson('get', '/api/admin/emails/failed'),
};

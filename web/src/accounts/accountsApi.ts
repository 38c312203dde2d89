import { ApiError, apiBlob, apiJson } from '../api/client';
import type { PatientIdentity } from '../api/patientApi';
import type { StaffAccount } from './session';

export type LoginAnswer = { step: 'verify'; token: string } | { step?: undefined; token: string; client: StaffAccount };

export interface InviteCheck {
  valid: boolean;
  reason: 'missing' | 'not_found' | 'expired' | 'used' | null;
  email: string | null;
  expiresAt: string | null;
}

export interface FormRecord {
  id: number;
  _id: string;
  nom: string;
  prenom: string;
  date_naissance: string;
  date_formulaire: string;
  ageGroup: string;
  /** Priority findings of the form's assessment report, as Bilan.pdf lists them. */
  priorityCount: number;
  /** Their titles: why the form is « À voir en priorité ». */
  priorities: string[];
  /** When the pharmacist recorded the bilan as done; null while the form is « Reçu ». */
  bilanDoneAt: string | null;
}

/** A form started and not sent: « En cours ». */
export interface StartedForm {
  id: number;
  nom: string;
  prenom: string;
  date_naissance: string;
  ageGroup: string;
  startedAt: string;
  updatedAt: string;
}

export type FormSort = 'priority' | 'date' | 'name';

export interface GroupedForms {
  records: FormRecord[];
  inProgress: StartedForm[];
  counts: { today: number | null; month: number; priority: number; done: number; inProgress: number };
  month: string;
  scope: 'month' | 'all';
  page: number;
  pageSize: number;
  total: number;
}

export interface FormQuery {
  q: string;
  /** YYYY-MM, 'all', or '' for the current month. */
  month: string;
  page: number;
  sort: FormSort;
}

/** One form read in the page: the patient, the report's findings, what is due, the answers. */
export interface FormView extends PatientIdentity {
  id: number;
  date_formulaire: string;
  bilanDoneAt: string | null;
  priorities: string[];
  findings: { id: string; level: string; levelLabel: string; title: string; advice: string; why: string; source: string }[];
  due: { id: string; title: string; status: string; schedule: string; why: string; source: string }[];
  pages: { title: string; bmi: string | null; parts: { heading: string | null; lines: { label: string; answer: string }[] }[] }[];
}

export interface Invitation {
  id: number;
  email: string | null;
  expiresAt: string;
  usedAt: string | null;
  status: 'active' | 'used' | 'expired';
  createdAt: string;
  token?: string;
  registerLink?: string;
  /** Whether the server e-mailed the link to the invitation's address. */
  emailed?: boolean;
}

export interface PharmacyStats {
  clientName: string;
  nom: string;
  email: string;
  totalThisMonth: number;
  months: { month: string; total: number }[];
}

export interface FailedEmail {
  id: number;
  kind: string;
  to: string;
  subject: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
}

/** Calls answering with a French text body on success (reset request and reset). */
async function apiText(path: string, body: unknown): Promise<string> {
  let response: Response;
  try {
    response = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  } catch (cause) {
    const error = new ApiError(0, 'network', 'Impossible de communiquer avec le serveur.');
    error.cause = cause;
    throw error;
  }
  const text = await response.text();
  if (response.ok) return text;
  let message = text;
  let code = `http_${response.status}`;
  try {
    const parsed = JSON.parse(text) as { message?: string; code?: string };
    message = parsed.message ?? text;
    code = parsed.code ?? code;
  } catch {
    // A plain-text error stays as it is.
  }
  throw new ApiError(response.status, code, message);
}

export const accountsApi = {
  login: (email: string, password: string) => apiJson<LoginAnswer>('/api/auth/login', { body: { email, password } }),
  verify: (email: string, code: string, tempToken: string) =>
    apiJson<{ token: string; client: StaffAccount }>('/api/auth/verify', { body: { email, code }, token: tempToken }),
  resendCode: (tempToken: string) => apiJson<{ status: 'sent'; resendAfterSeconds: number }>('/api/auth/resend-code', { body: {}, token: tempToken }),
  checkInvite: (token: string) => apiJson<InviteCheck>('/api/auth/check-invite', { body: { token } }),
  verifyEmail: (token: string) => apiJson<{ verified: true }>('/api/auth/verify-email', { body: { token } }),
  register: (body: { name: string; nom: string; email: string; password: string; inviteToken: string }) =>
    apiJson<{ message: string }>('/api/auth/register', { body }),
  requestReset: (email: string) => apiText('/api/auth/request-reset', { email }),
  resetPassword: (token: string, newPassword: string) => apiText('/api/auth/reset-password', { token, newPassword }),
  logout: (token: string) => apiJson<void>('/api/auth/logout', { method: 'POST', body: {}, token }),
  grouped: (token: string, query: FormQuery) => {
    const params = new URLSearchParams();
    if (query.q) params.set('q', query.q);
    if (query.month) params.set('month', query.month);
    if (query.page > 1) params.set('page', String(query.page));
    if (query.sort !== 'priority') params.set('sort', query.sort);
    const qs = params.toString();
    return apiJson<GroupedForms>(`/api/responses/grouped${qs ? `?${qs}` : ''}`, { token });
  },
  latest: (token: string) => apiJson<{ received: number; latestSubmittedAt: string | null }>('/api/responses/latest', { token }),
  form: (token: string, id: number) => apiJson<FormView>(`/api/forms/${id}`, { token }),
  setBilanDone: (token: string, id: number, done: boolean) => apiJson<{ bilanDoneAt: string | null }>(`/api/forms/${id}/bilan`, { method: 'PUT', body: { done }, token }),
  pdf: (token: string, id: number, kind: 'formulaire' | 'bilan') => apiBlob(`/api/pdf-download/${id}/${kind}`, { token }),
  exportXlsx: (token: string) => apiBlob('/api/utilisateurs/export', { token }),
  qrCode: (token: string) => apiBlob('/api/dashboard/qrcode.svg', { token }),
  poster: (token: string) => apiBlob('/api/dashboard/poster.pdf', { token }),
  stats: (token: string) => apiJson<PharmacyStats[]>('/api/admin/stats/pharmacies', { token }),
  invitations: (token: string) => apiJson<Invitation[]>('/api/admin/invitations', { token }),
  createInvitation: (token: string, email: string | null, ttlDays: number) =>
    apiJson<Invitation>('/api/admin/invitations', { body: { email, ttlDays }, token }),
  statsExport: (token: string) => apiBlob('/api/admin/stats/export', { token }),
  resendInvitation: (token: string, id: number) => apiJson<Invitation>(`/api/admin/invitations/${id}/resend`, { body: {}, token }),
  failedEmails: (token: string) => apiJson<FailedEmail[]>('/api/admin/emails/failed', { token }),
};

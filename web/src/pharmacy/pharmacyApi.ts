import { apiBlob, apiJson, type Answer, type RequestQuery } from '../api/client';

// The answers' types come from the API document (`@bilan/api/openapi`), so that a route schema
// change the pages do not follow fails the typecheck.

export type GroupedForms = Answer<'get', '/api/responses/grouped'>;

/** A sent form of the list, with its triage (priority findings, as Bilan.pdf lists them) and status. */
export type FormRecord = GroupedForms['records'][number];

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

/** The consultation of a form (D33): its topics with their actions, the plan and its versions. */
export type PlanView = Answer<'get', '/api/forms/{id}/plan'>;

/** The acts of a form's patient (D34) and the amount of one. */
export type FormActs = Answer<'get', '/api/forms/{id}/acts'>;
export type ActView = FormActs['acts'][number];

/** The pharmacy dashboard's calls (the session cookie goes with them): its forms, their PDFs, the export, the QR code and poster. */
export const pharmacyApi = {
  grouped: (query: FormQuery) =>
    apiJson('get', '/api/responses/grouped', {
      // Defaults are left out of the address: the first page, sorted by priority.
      query: {
        q: query.q,
        month: query.month,
        page: query.page > 1 ? String(query.page) : undefined,
        sort: query.sort !== 'priority' ? query.sort : undefined,
      },
    }),
  latest: () => apiJson('get', '/api/responses/latest'),
  form: (id: number) => apiJson('get', '/api/forms/{id}', { params: { id: String(id) } }),
  /** The acts recorded for the form's patient (D34), and what one would bill. */
  acts: (id: number) => apiJson('get', '/api/forms/{id}/acts', { params: { id: String(id) } }),
  /** « Bilan réalisé »: records the act. */
  recordAct: (id: number) => apiJson('post', '/api/forms/{id}/acts', { params: { id: String(id) } }),
  actStatus: (actId: number, status: 'a_facturer' | 'facture', reference: string | null) =>
    apiJson('post', '/api/acts/{actId}/status', { params: { actId: String(actId) }, body: { status, reference } }),
  cancelAct: (actId: number, reason: string) =>
    apiJson('post', '/api/acts/{actId}/cancel', { params: { actId: String(actId) }, body: { reason } }),
  actsExport: (month: string, format: 'xlsx' | 'csv') =>
    apiBlob('get', '/api/acts/export', { query: { month, format } }),
  plan: (id: number) => apiJson('get', '/api/forms/{id}/plan', { params: { id: String(id) } }),
  savePlan: (id: number, revision: number, content: PlanView['content']) =>
    apiJson('put', '/api/forms/{id}/plan', { params: { id: String(id) }, body: { revision, content } }),
  finalizePlan: (id: number, revision: number) =>
    apiJson('post', '/api/forms/{id}/plan/finalize', { params: { id: String(id) }, body: { revision } }),
  planCopy: (id: number, copy: 'patient' | 'medecin') =>
    apiBlob('get', '/api/forms/{id}/plan/pdf/{copy}', { params: { id: String(id), copy } }),
  contact: () => apiJson('get', '/api/dashboard/settings'),
  setContact: (address: string, phone: string, department: string) =>
    apiJson('put', '/api/dashboard/settings', { body: { address, phone, department } }),
  pdf: (id: number, kind: 'formulaire' | 'bilan') =>
    apiBlob('get', '/api/pdf-download/{id}/{kind}', { params: { id: String(id), kind } }),
  exportXlsx: () => apiBlob('get', '/api/utilisateurs/export'),
  qrCode: () => apiBlob('get', '/api/dashboard/qrcode.svg'),
  poster: () => apiBlob('get', '/api/dashboard/poster.pdf'),
};

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import type { AccountRow, AuditLogRow } from '../db/schema';
import { exportWorkbook } from './exportWorkbook';
import { parisDay, parisMonth } from './parisDate';
import { posterPdf, qrSvg } from './poster';
import { priorityCounts } from './priorityCounts';

// Another pharmacy's form and a form that does not exist get this same answer (D18).
const pdfNotFound = () => new ApiError(404, 'pdf_not_found', 'PDF introuvable.');

/** The spec's names of the two PDFs in a download path, and the stored kind of each. */
const DOWNLOADS = {
  formulaire: { kind: 'questionnaire', audit: 'download_formulaire', filename: 'Questionnaire.pdf' },
  bilan: { kind: 'bilan', audit: 'download_bilan', filename: 'Bilan.pdf' },
} as const;

/** The pharmacy of a request behind the requirePharmacy hook. */
export function pharmacyOf(request: FastifyRequest): AccountRow {
  if (!request.staff) throw new ApiError(401, 'unauthenticated', 'Utilisateur non authentifié.');
  return request.staff.account;
}

/**
 * The pharmacist's dashboard: its own submitted forms (list, month counts, priorities), their
 * PDFs, the export, the QR code and poster. Every read of health data is audited (D18).
 */
export function pharmacyService(app: FastifyInstance) {
  const repo = app.repos.pharmacy;

  async function audit(request: FastifyRequest, action: AuditLogRow['action'], patientId: number | null, detail: Record<string, unknown> | null) {
    await repo.recordAudit({ actorAccountId: pharmacyOf(request).id, action, patientId, detail, ip: request.ip, at: app.clock().toISOString() });
  }

  const patientLink = (name: string) => `${app.config.publicUrl}/${encodeURIComponent(name)}/userform`;

  return {
    /** The spec's form records (dashboard list), filtered by last name and month, with the counts. */
    async list(request: FastifyRequest, query: { q?: string; month?: string }) {
      const pharmacy = pharmacyOf(request);
      const q = (query.q ?? '').trim().toLocaleLowerCase('fr');
      const chosen = query.month || null;
      const now = app.clock();
      const month = chosen ?? parisMonth(now);
      const today = parisDay(now);
      const forms = (await repo.submittedForms(pharmacy.id)).map((f) => ({ ...f, day: parisDay(new Date(f.submittedAt)) }));
      const listed = forms
        .filter((f) => (chosen ? f.day.startsWith(chosen) : true))
        .filter((f) => (q ? f.lastName.toLocaleLowerCase('fr').includes(q) : true));
      // Only the listed rows are assessed: the counts of the whole month need no answers.
      const priorities = priorityCounts(await repo.assessmentRows(listed.map((f) => f.formId)));
      const records = listed.map((f) => ({
        id: f.patientId,
        _id: String(f.patientId),
        nom: f.lastName,
        prenom: f.firstName,
        date_naissance: f.birthDate,
        date_formulaire: f.submittedAt,
        ageGroup: f.band,
        priorityCount: priorities.get(f.formId) ?? 0,
      }));
      await audit(request, 'list_forms', null, { q: q || null, month: chosen, count: records.length, patientIds: records.map((r) => r.id) });
      return {
        records,
        counts: { today: chosen ? null : forms.filter((f) => f.day === today).length, month: forms.filter((f) => f.day.startsWith(month)).length },
        month,
      };
    },

    /** A stored PDF of one of the pharmacy's patients, by the path's id and kind (formulaire or bilan). */
    async download(request: FastifyRequest, rawId: string, rawKind: string): Promise<{ filename: string; content: Buffer }> {
      const pharmacy = pharmacyOf(request);
      const id = /^[1-9]\d{0,15}$/.test(rawId) ? Number(rawId) : NaN;
      const download = rawKind === 'formulaire' || rawKind === 'bilan' ? DOWNLOADS[rawKind] : undefined;
      if (!Number.isSafeInteger(id) || !download) throw pdfNotFound();
      const content = await repo.documentOf(pharmacy.id, id, download.kind);
      if (!content) throw pdfNotFound();
      await audit(request, download.audit, id, null);
      return { filename: download.filename, content };
    },

    /** The .xlsx export of every submitted form of the pharmacy, streamed. */
    async exportWorkbook(request: FastifyRequest) {
      const { stream, rows } = exportWorkbook(await repo.exportRows(pharmacyOf(request).id));
      await audit(request, 'export', null, { rows });
      return stream;
    },

    qrCode: (request: FastifyRequest) => qrSvg(patientLink(pharmacyOf(request).name)),
    poster: (request: FastifyRequest) => {
      const pharmacy = pharmacyOf(request);
      return posterPdf(pharmacy.displayName, patientLink(pharmacy.name));
    },
  };
}

import type { FastifyInstance } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import { ApiError } from '../errors';
import type { AccountRow, AuditLogRow } from '../db/schema';
import { exportWorkbook } from './exportWorkbook';
import { dueStatusLabel, LEVEL_LABELS, paris, reasonsLine, reportOf, sourceLine, upcomingLine } from '@bilan/engine';
import { submittedRecord } from '../questionnaire/submittedRecord';
import { searchFold } from '../shared/text/searchFold';
import type { CountWindow, FormQuery } from './rows';
import type { listQuerySchema } from './schemas';
import { levelOfRank, reportTriage, storedFlags } from '../questionnaire/triage';
import { posterPdf, qrSvg } from './poster';
import { answerPages } from './answerPages';
import { departmentOf } from '../acts';

// Another pharmacy's form and a form that does not exist get this same answer (D18).
const pdfNotFound = () => new ApiError(404, 'pdf_not_found', 'PDF introuvable.');
const formNotFound = () => new ApiError(404, 'form_not_found', 'Questionnaire introuvable.');

/** Forms read at a time by the export. */
const EXPORT_BATCH = 200;

/** Forms per dashboard page. */
const PAGE_SIZE = 50;

/** The dashboard list's query string, as its schema types it. */
type ListQuery = FromSchema<typeof listQuerySchema>;

/** A path's patient id, or null when it is not one (answered as not found, like another pharmacy's). */
function idOf(raw: string): number | null {
  return /^[1-9]\d{0,15}$/.test(raw) && Number.isSafeInteger(Number(raw)) ? Number(raw) : null;
}

/**
 * What a search means: a date of birth when it reads as one (12/03/1980, 12.03.1980, 12031980,
 * 1980-03-12), otherwise up to five words of a first or last name, compared without case or accents.
 */
function searchOf(q: string): { words: string[]; birthDate: string | null } {
  const text = q.trim();
  const dmy = /^(\d{1,2})[/. -](\d{1,2})[/. -](\d{4})$/.exec(text) ?? /^(\d{2})(\d{2})(\d{4})$/.exec(text);
  const ymd = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const [day, month, year] = dmy ? [dmy[1], dmy[2], dmy[3]] : ymd ? [ymd[3], ymd[2], ymd[1]] : [];
  if (day && month && year) {
    const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
    const date = new Date(`${iso}T00:00:00.000Z`);
    // A date that does not exist (31/02) finds nobody rather than a neighbour.
    return {
      words: [],
      birthDate: !Number.isNaN(date.getTime()) && date.toISOString().startsWith(iso) ? iso : '0000-00-00',
    };
  }
  return { words: searchFold(text).split(' ').filter(Boolean).slice(0, 5), birthDate: null };
}

/** The instants bounding a Paris month and day, for the SQL counts. */
function countWindow(month: string, day: string): CountWindow {
  return {
    month,
    monthStart: paris.dayStart(`${month}-01`).toISOString(),
    monthEnd: paris.dayStart(`${paris.nextMonth(month)}-01`).toISOString(),
    dayStart: paris.dayStart(day).toISOString(),
    dayEnd: paris.dayStart(paris.nextDay(day)).toISOString(),
  };
}

/** The spec's names of the two PDFs in a download path, and the stored kind of each. */
const DOWNLOADS = {
  formulaire: { kind: 'questionnaire', audit: 'download_formulaire', filename: 'Questionnaire.pdf' },
  bilan: { kind: 'bilan', audit: 'download_bilan', filename: 'Bilan.pdf' },
} as const;

/** Who reads the dashboard: the pharmacy's account, and the address it calls from (the audit trail's). */
export interface Reader {
  pharmacy: AccountRow;
  ip: string;
}

/**
 * The pharmacist's dashboard: its own submitted forms (list, month counts, priorities), their
 * PDFs, the export, the QR code and poster. Every read of health data is audited (D18).
 */
export function pharmacyService(app: FastifyInstance) {
  const repo = app.pharmacyRepository;

  async function audit(
    reader: Reader,
    action: AuditLogRow['action'],
    patientId: number | null,
    detail: Record<string, unknown> | null,
  ) {
    await repo.recordAudit({
      actorAccountId: reader.pharmacy.id,
      action,
      patientId,
      detail,
      ip: reader.ip,
      at: app.clock().toISOString(),
    });
  }

  const patientLink = (name: string) => `${app.config.publicUrl}/${encodeURIComponent(name)}/userform`;

  return {
    /**
     * One page of the dashboard: the pharmacy's submitted forms of a month (the current one
     * unless told, or every month), searched by name or date of birth, sorted, with the header's
     * figures. A form not sent yet is not listed (README, the pharmacist's dashboard).
     */
    async list(reader: Reader, query: ListQuery) {
      const { pharmacy } = reader;
      const now = app.clock();
      const currentMonth = paris.month(now);
      const scope = query.month === 'all' ? 'all' : 'month';
      const month = scope === 'all' ? currentMonth : query.month || currentMonth;
      const page = query.page ? Number(query.page) : 1;
      const search = searchOf(query.q ?? '');
      const formQuery: FormQuery = {
        pharmacyId: pharmacy.id,
        month: scope === 'all' ? null : month,
        ...search,
        sort: query.sort ?? 'priority',
        offset: (page - 1) * PAGE_SIZE,
        limit: PAGE_SIZE,
      };
      const window = countWindow(month, paris.isoDay(now));
      const [{ rows, total }, counts] = await Promise.all([
        repo.listForms(formQuery),
        repo.counts(pharmacy.id, window),
      ]);
      const records = rows.map((f) => ({
        id: f.patientId,
        _id: String(f.patientId),
        nom: f.lastName,
        prenom: f.firstName,
        date_naissance: f.birthDate,
        date_formulaire: f.submittedAt,
        ageGroup: f.band,
        priorityCount: f.priorityCount,
        priorities: storedFlags(f.priorityFlags).map((p) => p.title),
        triage: levelOfRank(f.triageRank),
        flags: storedFlags(f.priorityFlags).map(({ title, level }) => ({ title, level })),
        bilanDoneAt: f.bilanDoneAt,
      }));
      await audit(reader, 'list_forms', null, {
        q: query.q?.trim() || null,
        month: scope === 'all' ? 'all' : month,
        page,
        count: records.length,
        patientIds: records.map((r) => r.id),
      });
      return {
        records,
        counts: { ...counts, today: month === currentMonth ? counts.today : null },
        month,
        scope,
        page,
        pageSize: PAGE_SIZE,
        total,
      };
    },

    /** What the page polls every few seconds to learn of a new form: counts only, no health data. */
    async latest(reader: Reader) {
      return repo.latest(reader.pharmacy.id);
    },

    /** One form read in the page: the patient, the answers page by page, the report's findings and what is due. */
    async form(reader: Reader, rawId: string) {
      const { pharmacy } = reader;
      const id = idOf(rawId);
      const found = id === null ? undefined : await repo.formOf(pharmacy.id, id);
      const submittedAt = found?.form.submittedAt;
      if (!found || !submittedAt) throw formNotFound();
      const { patient, form } = found;
      const record = submittedRecord(form, patient);
      const { definition } = record;
      const report = reportOf(record);
      const triage = reportTriage(report);
      const levelOf = new Map(triage.flags.map((f) => [f.id, f.level]));
      await audit(reader, 'view_form', patient.id, null);
      return {
        id: patient.id,
        civilite: patient.civility,
        nom: patient.lastName,
        prenom: patient.firstName,
        date_naissance: patient.birthDate,
        email: patient.email || null,
        ageGroup: patient.band,
        date_formulaire: submittedAt,
        bilanDoneAt: form.bilanDoneAt,
        priorities: triage.flags.map((f) => f.title),
        triage: triage.level,
        findings: report.findings.map((f) => ({
          id: f.id,
          level: f.level,
          levelLabel: LEVEL_LABELS[f.level],
          triage: levelOf.get(f.id) ?? null,
          title: f.title,
          advice: f.advice,
          why: reasonsLine(definition, f.reasons),
          source: sourceLine(f.source),
          // Issue 31: what to do at the counter, on the pharmacist's view only (never on Bilan.pdf).
          guidance: f.counterGuidance?.text ?? null,
          guidancePhones: f.counterGuidance?.phones ?? [],
          guidanceSource: f.counterGuidance?.source ? sourceLine(f.counterGuidance.source) : null,
        })),
        due: report.due.map((d) => ({
          id: d.id,
          title: d.title,
          status: dueStatusLabel(d),
          schedule: d.schedule,
          why: reasonsLine(definition, d.reasons),
          source: sourceLine(d.source),
        })),
        upcoming: report.upcoming ? upcomingLine(report.upcoming) : null,
        pages: answerPages(record),
      };
    },

    /** A stored PDF of one of the pharmacy's patients, by the path's id and kind (formulaire or bilan). */
    async download(reader: Reader, rawId: string, rawKind: string): Promise<{ filename: string; content: Buffer }> {
      const { pharmacy } = reader;
      const id = idOf(rawId);
      const download = rawKind === 'formulaire' || rawKind === 'bilan' ? DOWNLOADS[rawKind] : undefined;
      if (id === null || !download) throw pdfNotFound();
      let content = await repo.documentOf(pharmacy.id, id, download.kind);
      // Rendered just after the submission: a download that comes first waits for it (or starts it).
      if (!content && (await repo.formOf(pharmacy.id, id))) {
        await app.formPdfs.ensure(id);
        content = await repo.documentOf(pharmacy.id, id, download.kind);
      }
      if (!content) throw pdfNotFound();
      await audit(reader, download.audit, id, null);
      return { filename: download.filename, content };
    },

    /** The .xlsx export of every submitted form of the pharmacy, streamed in batches, and its name (bilans-<pharmacie>-<AAAA-MM>.xlsx). */
    async exportWorkbook(reader: Reader) {
      const pharmacyId = reader.pharmacy.id;
      const rows = await repo.exportCount(pharmacyId);
      async function* batches(band: string) {
        for (let after: { submittedAt: string; patientId: number } | null = null; ;) {
          const batch = await repo.exportBatch(pharmacyId, band, after, EXPORT_BATCH);
          if (batch.length === 0) return;
          yield batch;
          const last = batch[batch.length - 1] as (typeof batch)[number];
          after = { submittedAt: last.submittedAt, patientId: last.patientId };
        }
      }
      const stream = await exportWorkbook(batches, app.clock());
      await audit(reader, 'export', null, { rows });
      return { stream, filename: `bilans-${reader.pharmacy.name}-${paris.month(app.clock())}.xlsx` };
    },

    /** The address and phone the plan's copies print. */
    contact: ({ pharmacy }: Reader) => ({
      address: pharmacy.address ?? '',
      phone: pharmacy.phone ?? '',
      department: pharmacy.department ?? '',
    }),

    /**
     * Sets the address and phone, each trimmed ('' clears it), and the department when given; a
     * phone that is no phone number, or a department that is none, is refused in French.
     */
    async setContact(reader: Reader, body: { address: string; phone: string; department?: string }) {
      const address = body.address.trim();
      const phone = body.phone.trim();
      const typed = body.department?.trim() ?? null;
      const department =
        typed === null ? (reader.pharmacy.department ?? null) : typed === '' ? null : departmentOf(typed);
      if (typed && !department)
        throw new ApiError(
          400,
          'invalid_department',
          'Le département s’écrit avec ses chiffres\u00a0: 01 à 95, 2A ou 2B pour la Corse, 971 à 976 outre-mer.',
        );
      if (phone && !/^\+?[0-9][0-9 .]{3,38}$/.test(phone))
        throw new ApiError(
          400,
          'invalid_phone',
          'Le téléphone ne peut contenir que des chiffres, des espaces, des points et le signe + (ex. 01 23 45 67 89).',
        );
      await repo.setContact(reader.pharmacy.id, address || null, phone || null, department);
      return { address, phone, department: department ?? '' };
    },

    qrCode: ({ pharmacy }: Reader) => qrSvg(patientLink(pharmacy.name)),
    poster: ({ pharmacy }: Reader) => posterPdf(pharmacy.displayName, patientLink(pharmacy.name)),
  };
}

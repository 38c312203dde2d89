import type { FastifyInstance } from 'fastify';
import { paris } from '@bilan/engine';
import { ApiError } from '../errors';
import type { AccountRow, ActRow } from '../db/schema';
import { bands } from '../questionnaire/definitions';
import { ssnSealerOf } from '../patient';
import { ACT_CODE, amountCentsOf, euros } from './amount';
import type { LedgerCheck, ActStatus } from './ledger';
import { personKeyring, samePerson, type Person } from './personKeys';
import { actsWorkbook, actsCsv, type ActLine } from './actsExport';

/** Who acts: the pharmacy's account and the address it calls from (the audit trail's). */
export interface Reader {
  pharmacy: AccountRow;
  ip: string;
}

/** The statuses in French, in their order (D34); « Annulé » is a cancelled act whatever its status. */
const STATUS_LABELS: Record<ActStatus | 'annule', string> = {
  realise: 'Réalisé',
  a_facturer: 'À facturer',
  facture: 'Facturé',
  annule: 'Annulé',
};

/** The one status each status moves to. */
const NEXT: Partial<Record<ActStatus, ActStatus>> = { realise: 'a_facturer', a_facturer: 'facture' };

const formNotFound = () => new ApiError(404, 'form_not_found', 'Questionnaire introuvable.');
const actNotFound = () => new ApiError(404, 'act_not_found', 'Acte introuvable.');

/** A path's id, or null when it is not one (answered as not found, like another pharmacy's). */
function idOf(raw: string): number | null {
  return /^[1-9]\d{0,15}$/.test(raw) && Number.isSafeInteger(Number(raw)) ? Number(raw) : null;
}

const bandLabels = new Map(bands.map((b) => [b.code, b.label]));
const bandLabel = (code: string) => bandLabels.get(code as (typeof bands)[number]['code']) ?? code;

/** An act as the pharmacist's pages read it. */
function actView(row: ActRow) {
  const status = row.cancelledAt ? 'annule' : row.status;
  return {
    id: row.id,
    code: row.code,
    amountCents: row.amountCents,
    amount: euros(row.amountCents),
    performedAt: row.performedAt,
    band: row.band,
    bandLabel: bandLabel(row.band),
    status,
    statusLabel: STATUS_LABELS[status],
    billingStatus: row.status,
    next: row.cancelledAt ? null : (NEXT[row.status] ?? null),
    reference: row.reference,
    cancelledAt: row.cancelledAt,
    cancelReason: row.cancelReason,
  };
}

/**
 * The act (D34, issue 40): « Bilan réalisé » records it once per person and age band at a
 * pharmacy, its status moves « Réalisé » → « À facturer » → « Facturé », a cancellation keeps it
 * with its reason; the month's acts export for the pharmacy's billing. Nothing is served while
 * the start found the ledger broken.
 */
export function actsService(app: FastifyInstance, ledger: () => Promise<LedgerCheck>) {
  const repo = app.actsRepository;
  const ssns = ssnSealerOf(app.config);
  const keyring = personKeyring(app.config);

  /** Waits for the check of the ledger begun at start; refuses everything while it is broken, naming the entry. */
  async function served() {
    const check = await ledger();
    if (!check.ok)
      throw new ApiError(
        503,
        'act_ledger_broken',
        `Le registre des actes est altéré (${check.broken.message})\u00a0: les actes ne sont pas servis tant qu’il n’est pas réparé. Prévenez l’administrateur du service.`,
        { entry: check.broken.seq },
      );
  }

  const auditOf = (
    reader: Reader,
    action: 'record_act' | 'act_status' | 'cancel_act' | 'export_acts',
    patientId: number | null,
    detail: Record<string, unknown> | null,
  ) => ({
    actorAccountId: reader.pharmacy.id,
    action,
    patientId,
    detail,
    ip: reader.ip,
    at: app.clock().toISOString(),
  });

  async function ownedAct(reader: Reader, rawId: string): Promise<ActRow> {
    const id = idOf(rawId);
    const act = id === null ? undefined : await repo.actOf(reader.pharmacy.id, id);
    if (!act) throw actNotFound();
    return act;
  }

  return {
    /** The acts of a form's patient at this pharmacy (newest first), and what recording one would bill. */
    async ofForm(reader: Reader, rawId: string) {
      await served();
      const id = idOf(rawId);
      const found = id === null ? undefined : await repo.formOf(reader.pharmacy.id, id);
      if (!found) throw formNotFound();
      const department = reader.pharmacy.department;
      return {
        acts: (await repo.actsOfPatient(reader.pharmacy.id, found.patient.id)).map(actView),
        department: department ?? null,
        amount: department ? euros(amountCentsOf(department)) : null,
      };
    },

    /** « Bilan réalisé »: records the act of a submitted form, or says in French why not. */
    async record(reader: Reader, rawId: string) {
      await served();
      const { pharmacy } = reader;
      const id = idOf(rawId);
      const found = id === null ? undefined : await repo.formOf(pharmacy.id, id);
      if (!found) throw formNotFound();
      const department = pharmacy.department;
      if (!department)
        throw new ApiError(
          409,
          'department_required',
          'Indiquez d’abord le département de la pharmacie dans «\u00a0Affiche et lien\u00a0»\u00a0: il fixe le montant de l’acte (30,00\u00a0€ en métropole, 31,50\u00a0€ en outre-mer).',
        );
      const { patient } = found;
      const person: Person = {
        lastName: patient.lastName,
        firstName: patient.firstName,
        birthDate: patient.birthDate,
        socialSecurityNumber: patient.socialSecurityNumber ? ssns.open(patient.socialSecurityNumber) : null,
      };
      const mine = keyring.all(pharmacy.id, person);
      const keys = keyring.current(pharmacy.id, person);
      const at = app.clock().toISOString();
      const record = {
        pharmacyId: pharmacy.id,
        patientId: patient.id,
        band: patient.band,
        lastName: patient.lastName,
        firstName: patient.firstName,
        birthDate: patient.birthDate,
        code: ACT_CODE,
        amountCents: amountCentsOf(department),
        department,
        performedAt: at,
        performedBy: pharmacy.id,
        socialSecurityNumber: person.socialSecurityNumber ? ssns.seal(person.socialSecurityNumber) : null,
        keys,
      };
      const attempt = () =>
        repo.record(
          record,
          (row) => samePerson(mine, row),
          mine.map((k) => k.nameKey),
          mine.flatMap((k) => (k.ssnKey ? [k.ssnKey] : [])),
          auditOf(reader, 'record_act', patient.id, null),
        );
      let result;
      try {
        result = await attempt();
      } catch (err) {
        // The unique index on active acts refused a row another server wrote meanwhile: read again.
        result = await attempt().catch(() => {
          throw err;
        });
      }
      if ('existing' in result)
        throw new ApiError(
          409,
          'act_already_recorded',
          `Un bilan de prévention a déjà été réalisé pour cette personne dans cette tranche d’âge le ${paris.frenchDate(result.existing.performedAt)}.`,
        );
      return actView(result.act);
    },

    /** Moves an act to its next status (« À facturer », then « Facturé » with an optional invoice reference). */
    async setStatus(reader: Reader, rawId: string, body: { status: string; reference?: string | null }) {
      await served();
      const act = await ownedAct(reader, rawId);
      const status = body.status as ActStatus;
      const reference = body.reference?.trim() || null;
      if (act.cancelledAt)
        throw new ApiError(409, 'act_cancelled', 'Cet acte est annulé\u00a0: son statut ne change plus.');
      if (NEXT[act.status] !== status)
        throw new ApiError(
          409,
          'invalid_transition',
          `Un acte «\u00a0${STATUS_LABELS[act.status]}\u00a0» ne passe pas à «\u00a0${STATUS_LABELS[status] ?? body.status}\u00a0»${NEXT[act.status] ? `\u00a0: il passe à «\u00a0${STATUS_LABELS[NEXT[act.status] as ActStatus]}\u00a0»` : ''}.`,
        );
      if (reference && status !== 'facture')
        throw new ApiError(
          400,
          'reference_not_expected',
          'La référence de facture se donne au passage à «\u00a0Facturé\u00a0».',
        );
      const row = await repo.setStatus(
        {
          pharmacyId: reader.pharmacy.id,
          actId: act.id,
          from: act.status,
          status,
          reference,
          by: reader.pharmacy.id,
          at: app.clock().toISOString(),
        },
        auditOf(reader, 'act_status', act.patientId, { act: act.id, status }),
      );
      if (!row)
        throw new ApiError(409, 'act_changed', 'Cet acte vient d’être modifié sur un autre poste. Rechargez la page.');
      return actView(row);
    },

    /** Cancels an act with its reason: kept, shown « Annulé », never deleted. */
    async cancel(reader: Reader, rawId: string, body: { reason: string }) {
      await served();
      const act = await ownedAct(reader, rawId);
      const reason = body.reason.trim();
      if (!reason) throw new ApiError(400, 'reason_required', 'Indiquez le motif de l’annulation.');
      if (act.cancelledAt) throw new ApiError(409, 'act_cancelled', 'Cet acte est déjà annulé.');
      const row = await repo.cancel(
        {
          pharmacyId: reader.pharmacy.id,
          actId: act.id,
          reason,
          by: reader.pharmacy.id,
          at: app.clock().toISOString(),
        },
        auditOf(reader, 'cancel_act', act.patientId, { act: act.id }),
      );
      if (!row) throw new ApiError(409, 'act_cancelled', 'Cet acte est déjà annulé.');
      return actView(row);
    },

    /** The month's acts (Paris) as .xlsx or .csv, with the file's name. */
    async exportMonth(reader: Reader, month: string, format: 'xlsx' | 'csv') {
      await served();
      const start = paris.dayStart(`${month}-01`).toISOString();
      const end = paris.dayStart(`${paris.nextMonth(month)}-01`).toISOString();
      const rows = await repo.actsBetween(reader.pharmacy.id, start, end);
      const lines: ActLine[] = rows.map((r) => ({
        performedAt: r.performedAt,
        patient: `${r.lastName} ${r.firstName}`,
        birthDate: r.birthDate,
        band: bandLabel(r.band),
        code: r.code,
        amountCents: r.amountCents,
        status: STATUS_LABELS[r.cancelledAt ? 'annule' : r.status],
        reference: r.reference,
        cancelReason: r.cancelReason,
      }));
      await repo.recordAudit(auditOf(reader, 'export_acts', null, { month, format, rows: rows.length }));
      const filename = `actes-${reader.pharmacy.name}-${month}.${format}`;
      return { filename, content: format === 'xlsx' ? await actsWorkbook(lines) : actsCsv(lines) };
    },
  };
}

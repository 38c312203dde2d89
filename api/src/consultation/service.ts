import type { FastifyInstance } from 'fastify';
import {
  dueStatusLabel,
  EMPTY_PLAN,
  LEVEL_LABELS,
  paris,
  parseConsultationData,
  planProblems,
  planTopics,
  reasonsLine,
  reportOf,
  sourceLine,
  type FilledRecord,
  type PlanContent,
  type PlanTopic,
  type Report,
} from '@bilan/engine';
import consultationJson from '@bilan/definitions/consultation.json' with { type: 'json' };
import { ApiError } from '../errors';
import type { AccountRow, AuditLogRow } from '../db/schema';
import { submittedRecord } from '../questionnaire/submittedRecord';
import { reportTriage } from '../questionnaire/triage';
import { pppDocDefinition, renderPdf } from '../reports';

const consultation = parseConsultationData(consultationJson);

/** Who works on a plan: the pharmacy's account, and the address it calls from (the audit trail's). */
export interface Planner {
  pharmacy: AccountRow;
  ip: string;
}

// Another pharmacy's form and a form that does not exist get this same answer (D18).
const formNotFound = () => new ApiError(404, 'form_not_found', 'Questionnaire introuvable.');

const idOf = (raw: string) => (/^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null);

/**
 * The consultation (« Entretien », D33): the plan personnalisé de prévention of a submitted form,
 * saved as typed (a revision guards two tablets on one plan), frozen by « Finaliser le plan » into
 * numbered versions. Every read and change is audited (D18).
 */
export function consultationService(app: FastifyInstance) {
  const repo = app.consultationRepository;

  async function audit(
    who: Planner,
    action: AuditLogRow['action'],
    patientId: number,
    detail: Record<string, unknown> | null,
  ) {
    await repo.recordAudit({
      actorAccountId: who.pharmacy.id,
      action,
      patientId,
      detail,
      ip: who.ip,
      at: app.clock().toISOString(),
    });
  }

  /**
   * The report and topics of the forms being planned, by form id: a submitted form never changes
   * (its answers, version and date are frozen), and a consultation saves its plan every few
   * seconds, which would otherwise assess the same answers again each time (most of a save's CPU).
   * The oldest entry goes first; a few hundred consultations at once fit.
   */
  const assessed = new Map<number, { record: FilledRecord; report: Report; topics: PlanTopic[] }>();
  const ASSESSED_MAX = 256;

  function assessedOf(found: NonNullable<Awaited<ReturnType<typeof repo.formOf>>>) {
    const known = assessed.get(found.form.id);
    if (known) return known;
    const record = submittedRecord(found.form, found.patient);
    const report = reportOf(record);
    const entry = { record, report, topics: planTopics(report, consultation) };
    if (assessed.size >= ASSESSED_MAX) assessed.delete(assessed.keys().next().value as number);
    assessed.set(found.form.id, entry);
    return entry;
  }

  /** The form, its report's topics and its plan, or 404 for a form that is not this pharmacy's submitted one. */
  async function context(who: Planner, rawId: string) {
    const id = idOf(rawId);
    const found = id === null ? undefined : await repo.formOf(who.pharmacy.id, id);
    if (!found) throw formNotFound();
    return { ...found, ...assessedOf(found), plan: await repo.planOf(found.form.id) };
  }

  /** A refusal naming every problem of the plan in French, and storing nothing. */
  function refuse(problems: ReturnType<typeof planProblems>): never {
    throw new ApiError(
      400,
      'plan_invalid',
      problems.map((p) => p.message).join(' '),
      problems.map(({ code, message, priority }) => ({
        code,
        message,
        ...(priority === undefined ? {} : { priority }),
      })),
    );
  }

  /** The plan as the other tablet left it: what a refused save answers (409), so that nothing is overwritten silently. */
  function conflict(plan: { revision: number; content: string } | undefined): never {
    throw new ApiError(
      409,
      'plan_conflict',
      'Le plan a été modifié sur un autre appareil. Vos saisies sont gardées sur cet écran\u00a0: relisez la version enregistrée avant d’enregistrer à nouveau.',
      undefined,
      { revision: plan?.revision ?? 0, content: plan ? (JSON.parse(plan.content) as PlanContent) : EMPTY_PLAN },
    );
  }

  return {
    /** The consultation's screen: the patient, the topics with why, source and actions, the plan and its versions. */
    async read(who: Planner, rawId: string) {
      const { patient, form, record, report, topics, plan } = await context(who, rawId);
      const levels = new Map(reportTriage(report).flags.map((f) => [f.id, f.level]));
      const versions = plan ? await repo.versionsOf(plan.id) : [];
      await audit(who, 'view_plan', patient.id, null);
      return {
        id: patient.id,
        civilite: patient.civility,
        nom: patient.lastName,
        prenom: patient.firstName,
        date_naissance: patient.birthDate,
        ageGroup: patient.band,
        date_formulaire: form.submittedAt ?? '',
        revision: plan?.revision ?? 0,
        updatedAt: plan?.updatedAt ?? null,
        content: plan ? (JSON.parse(plan.content) as PlanContent) : EMPTY_PLAN,
        versions: versions.map((v) => ({ version: v.version, finalizedAt: v.finalizedAt })),
        today: paris.isoDay(app.clock()),
        topics: topics.map((t) => ({
          key: t.key,
          kind: t.kind,
          title: t.title,
          sensitive: t.sensitive,
          triage: t.finding ? (levels.get(t.finding.id) ?? null) : null,
          levelLabel: t.finding ? LEVEL_LABELS[t.finding.level] : t.due ? dueStatusLabel(t.due) : '',
          advice: t.finding?.advice ?? t.due?.schedule ?? '',
          why: reasonsLine(record.definition, t.finding?.reasons ?? t.due?.reasons ?? []),
          source: sourceLine(t.finding?.source ?? t.due?.source ?? { body: '', document: '', date: '' }),
          guidance: t.finding?.counterGuidance?.text ?? null,
          guidancePhones: t.finding?.counterGuidance?.phones ?? [],
          actions: t.actions.map((a) => ({ id: a.id, label: a.label })),
        })),
      };
    },

    /** Saves the plan as typed, if nobody saved it since `revision`; refuses a plan that cannot be stored. */
    async save(who: Planner, rawId: string, body: { revision: number; content: PlanContent }) {
      const { patient, form, topics, plan } = await context(who, rawId);
      const today = paris.isoDay(app.clock());
      const problems = planProblems(body.content, topics, today);
      if (problems.length > 0) refuse(problems);
      if ((plan?.revision ?? 0) !== body.revision) conflict(plan);
      const at = app.clock().toISOString();
      const revision = await repo.save(
        {
          formId: form.id,
          pharmacyId: who.pharmacy.id,
          revision: body.revision,
          content: JSON.stringify(body.content),
          at,
        },
        (saved) => ({
          actorAccountId: who.pharmacy.id,
          action: 'save_plan',
          patientId: patient.id,
          detail: { revision: saved },
          ip: who.ip,
          at,
        }),
      );
      if (revision === null) conflict(await repo.planOf(form.id));
      return { revision, updatedAt: at };
    },

    /**
     * A copy of the plan's latest finalized version as a PDF (D33): the patient's (sensitive
     * points only when included, never the notes) or the doctor's (every finding with why and
     * source). A plan never finalized has no copy yet.
     */
    async copy(who: Planner, rawId: string, rawCopy: string): Promise<{ filename: string; content: Buffer }> {
      const copy = rawCopy === 'patient' ? 'patient' : rawCopy === 'medecin' ? 'doctor' : null;
      if (!copy)
        throw new ApiError(404, 'not_found', 'Copie inconnue\u00a0: «\u00a0patient\u00a0» ou «\u00a0medecin\u00a0».');
      const { patient, record, topics, plan } = await context(who, rawId);
      const last = plan ? (await repo.versionsOf(plan.id)).at(-1) : undefined;
      if (!last) throw new ApiError(409, 'plan_not_finalized', 'Finalisez le plan avant d’en imprimer les copies.');
      const content = await renderPdf(
        pppDocDefinition({
          copy,
          definition: record.definition,
          plan: JSON.parse(last.content) as PlanContent,
          version: last.version,
          finalizedAt: last.finalizedAt,
          topics,
          actions: consultation.actions,
          patient: {
            civility: patient.civility,
            firstName: patient.firstName,
            lastName: patient.lastName,
            birthDate: patient.birthDate,
          },
          pharmacy: { displayName: who.pharmacy.displayName, address: who.pharmacy.address, phone: who.pharmacy.phone },
        }),
      );
      await audit(who, 'download_plan', patient.id, { copy, version: last.version });
      const day = paris.isoDay(new Date(last.finalizedAt));
      const name = `${patient.lastName}-${patient.firstName}`.normalize('NFD').replace(/[^A-Za-z0-9-]+/g, '');
      return { filename: `PPP-${copy === 'patient' ? 'copie-patient' : 'copie-medecin'}-${name}-${day}.pdf`, content };
    },

    /** « Finaliser le plan »: freezes the plan at `revision` as its next version (the earlier ones stay). */
    async finalize(who: Planner, rawId: string, body: { revision: number }) {
      const { patient, form, topics, plan } = await context(who, rawId);
      if (!plan || plan.revision !== body.revision) conflict(plan);
      const problems = planProblems(JSON.parse(plan.content) as PlanContent, topics, paris.isoDay(app.clock()), true);
      if (problems.length > 0) refuse(problems);
      const at = app.clock().toISOString();
      const version = await repo.finalize({ formId: form.id, revision: body.revision, by: who.pharmacy.id, at });
      if (version === null) conflict(await repo.planOf(form.id));
      await audit(who, 'finalize_plan', patient.id, { version });
      return { version, finalizedAt: at };
    },
  };
}

import type { FastifyInstance } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import {
  bandForBirthDate,
  checkCompletion,
  compactSocialSecurityNumber,
  isPersonName,
  isValidBirthDate,
  SOCIAL_SECURITY_NUMBER_MESSAGES,
  socialSecurityNumberProblem,
  type Answers,
  type Language,
} from '@bilan/engine';
import { ApiError, apiError } from '../errors';
import { checkedAnswers, checkedSection, type CheckedAnswers } from '../questionnaire/answers';
import {
  bands,
  definitionOf,
  languagesOf,
  latestDefinition,
  loadValidators,
  ValidatorsNotLoadedError,
} from '../questionnaire/definitions';
import { formEmails } from './formEmails';
import { loadRecord, meView, type PatientRecord } from './record';
import { formTriageOf } from '../questionnaire/triage';
import type { registrationBodySchema } from './schemas';
import { ssnSealerOf } from './ssnSealer';

/** The registration payload, in the spec's field names (docs/product.md §7). */
export type RegistrationBody = FromSchema<typeof registrationBodySchema>;

/** When a registration refused by the cap of new forms may try again (the cap counts the last hour). */
const NEW_FORMS_RETRY_SECONDS = 600;

/** Page saves that may land while the finishing call renders before it gives up (409 form_changed). */
const MAX_SUBMIT_ATTEMPTS = 5;

/** Registration, the patient's own record, saving a page, the finishing call (D12), the pharmacy's notice. */
export function patientService(app: FastifyInstance) {
  const repo = app.patientRepository;
  const ssns = ssnSealerOf(app.config);
  const botCheckFailed = () => new ApiError(400, 'bot_check_failed', app.botCheck.failureMessage);

  /** The record of a patient token; a token whose patient is gone (retention purge) is no longer a session. */
  async function record(patientId: number): Promise<PatientRecord> {
    const r = await loadRecord(repo, patientId);
    if (!r) throw apiError(401, 'session_expired');
    return r;
  }

  return {
    /** The record of a patient, undefined once the patient is gone (the reports render from it). */
    findRecord: (patientId: number): Promise<PatientRecord | undefined> => loadRecord(repo, patientId),

    /** GET /api/utilisateur/me */
    async me(patientId: number) {
      return meView(await record(patientId));
    },

    /**
     * D31: a form resumed on a shared device shows only after the day and month of birth given at
     * registration; the record then, as GET /me. A wrong one answers the tries left; the third in
     * a row erases the form (its only key is this device's token: nobody could reach it again),
     * so the server refuses that token from then on.
     */
    async resume(patientId: number, day: number, month: number) {
      const r = await record(patientId);
      const [, birthMonth, birthDay] = r.patient.birthDate.split('-').map(Number);
      const right = birthDay === day && birthMonth === month;
      const outcome = await repo.resumeTry(patientId, right, app.clock().toISOString());
      switch (outcome.status) {
        case 'ok':
          return meView(await record(patientId));
        case 'wrong':
          throw apiError(422, 'wrong_birth_date', { triesLeft: outcome.triesLeft });
        case 'erased':
          throw apiError(401, 'resume_closed');
        case 'submitted':
          throw apiError(401, 'form_submitted');
        default:
          throw apiError(401, 'session_expired');
      }
    },

    /**
     * The language the patient reads the questionnaire in (D41): French, or one its version is
     * translated into; kept with the form while it is in progress (the PDFs say which it was).
     */
    async setLanguage(patientId: number, language: Language): Promise<{ language: Language }> {
      const r = await record(patientId);
      if (r.form.status !== 'in_progress') throw apiError(409, 'already_submitted');
      if (!languagesOf(r.definition).includes(language)) throw apiError(422, 'language_unavailable');
      if (!(await repo.setLanguage(patientId, language))) throw apiError(409, 'already_submitted');
      return { language };
    },

    /** The page's « still here » call (D39): the pause of the shared-tablet guard starts again. */
    async stillHere(patientId: number): Promise<{ status: 'seen' }> {
      if (!(await repo.markSeen(patientId, app.clock().toISOString()))) throw apiError(401, 'session_expired');
      return { status: 'seen' };
    },

    /** « Arrêter et effacer mes réponses » (D31): the form in progress and its patient deleted. */
    async erase(patientId: number): Promise<{ status: 'erased' }> {
      const outcome = await repo.erase(patientId);
      if (outcome === 'submitted') throw apiError(409, 'already_submitted');
      if (outcome === 'missing') throw apiError(401, 'session_expired');
      return { status: 'erased' };
    },

    /**
     * Registrations at a pharmacy in the hour before `now` (ms), every one (sent and erased forms
     * included): the bot check's cost rises when they spike.
     */
    registrationsInHour: (pharmacyId: number, now: number) => repo.registrationsInHour(pharmacyId, now),

    /** Checks in the order of the registration screen (docs/product.md §5), then one transaction. */
    async register(b: RegistrationBody) {
      const now = app.clock();
      // Letters, spaces, apostrophes and hyphens: a name cannot carry a message to the pharmacy.
      for (const field of ['prenom', 'nom'] as const)
        if (!isPersonName(b[field].trim())) throw apiError(422, 'invalid_name', { field });
      if (b.consent !== true) throw apiError(422, 'consent_required');
      // Spaces typed are removed; the control key is checked (Corsica's 2A and 2B included), and
      // the refusal says what is wrong (engine/socialSecurityNumber.ts).
      const ssn = compactSocialSecurityNumber(b.numero_securite_sociale ?? '');
      const ssnProblem = ssn === '' ? null : socialSecurityNumberProblem(ssn);
      if (ssnProblem)
        throw new ApiError(422, 'invalid_ssn', SOCIAL_SECURITY_NUMBER_MESSAGES[ssnProblem], { reason: ssnProblem });
      // The access guard checked the ticket (plugins/access.ts); the insert below spends it. It
      // must have been earned on a challenge made for this pharmacy (its cost was this pharmacy's).
      const { ticket } = b;
      if (!ticket || !app.botCheck.ticketFits(ticket, b.clientId)) throw botCheckFailed();
      if (!isValidBirthDate(b.date_naissance, now)) throw apiError(422, 'invalid_birth_date');
      const band = bandForBirthDate(b.date_naissance, now, bands);
      if (!band) throw apiError(422, 'age_not_eligible');
      const pharmacy = await app.accountsService.activePharmacy(b.clientId);
      if (!pharmacy) throw apiError(404, 'client_not_found');
      const definition = latestDefinition(band);
      const result = await repo.register({
        patient: {
          pharmacyId: pharmacy.id,
          civility: b.civilite,
          lastName: b.nom.trim(),
          firstName: b.prenom.trim(),
          birthDate: b.date_naissance,
          // No address (D30) is stored as '' (the column stays NOT NULL: no rebuild of the
          // patients table); every reader says "no address" for it (see schema.ts).
          email: (b.email ?? '').trim().toLowerCase(),
          // Encrypted: a copy of the database alone reveals no number (patient/ssnSealer.ts).
          socialSecurityNumber: ssn === '' ? null : ssns.seal(ssn),
          band,
        },
        definitionId: definition.id,
        definitionVersion: definition.version,
        ticketKey: app.botCheck.ticketKey(ticket),
        // Every registration of the hour counts, so that finishing or erasing a form frees no
        // place; and the ticket must have cost what the pharmacy requires now, when it is spent,
        // not when its challenge was issued (challenges fetched ahead all carried the base cost).
        admit: (registrations) =>
          registrations >= app.config.newFormsPerPharmacyHour
            ? 'cap'
            : app.botCheck.ticketCovers(ticket, registrations)
              ? 'ok'
              : 'ticket_too_cheap',
        now: now.toISOString(),
      });
      if (!result.ok && result.reason === 'cap') {
        await app.adminService.newFormsCapReached(pharmacy);
        throw new ApiError(429, 'too_many_new_forms', undefined, undefined, undefined, {
          retryAfterSeconds: NEW_FORMS_RETRY_SECONDS,
        });
      }
      // Too cheap now, or used in between by a concurrent request: the same refusal as an unknown
      // ticket; the widget then solves a new challenge, at today's cost.
      if (!result.ok) throw botCheckFailed();
      return { token: app.signPatientToken(result.patientId), userId: result.patientId, ageGroup: band };
    },

    /**
     * One page: its section normalized and validated once against the other stored sections as
     * they are when it is stored (one transaction, see the repository), then stored.
     */
    async savePage(patientId: number, section: string, answers: Answers[string]) {
      let checked: CheckedAnswers<Answers[string]> | undefined;
      const save = () =>
        repo.saveSection(
          patientId,
          section,
          (form) => {
            const definition = definitionOf(form);
            if (!definition.pages.some((p) => p.section === section))
              throw apiError(400, 'unknown_page', { pageKey: section });
            const { [section]: _current, ...others } = form.answers;
            checked = checkedSection(definition, section, answers, others);
            return checked.answers;
          },
          app.clock().toISOString(),
        );
      // The replay runs inside the save's transaction and cannot wait for an import: the first
      // page of a version this process has not validated yet stores nothing, loads the version's
      // validators, and saves again.
      const outcome = await save().catch(async (err: unknown) => {
        if (!(err instanceof ValidatorsNotLoadedError)) throw err;
        await loadValidators(err.definition);
        return save();
      });
      if (outcome.status === 'missing') throw apiError(401, 'session_expired');
      // Passed the guard while in progress, then lost the race with the finishing call.
      if (outcome.status === 'submitted' || !checked) throw apiError(409, 'already_submitted');
      return {
        pageKey: section,
        reponses: checked.answers,
        dropped: checked.dropped,
        savedPages: outcome.savedSections,
        version: outcome.version,
      };
    },

    /**
     * The finishing call: the whole answers normalized once (conditions cross sections) and
     * validated, the completion check, then that one copy is stored as submitted with its triage
     * and the e-mails queued, in one transaction that commits only if no page save came in since
     * the answers were read; otherwise it starts again from the new copy, so a finish never stores
     * a stale copy and an acknowledged save is never lost. Both PDFs are rendered from the stored
     * copy after the answer (reports/formPdfs.ts).
     */
    async submit(patientId: number): Promise<{ status: 'submitted'; submittedAt: string | null }> {
      for (let attempt = 1; ; attempt++) {
        const r = await record(patientId);
        if (r.form.status === 'submitted') return { status: 'submitted', submittedAt: r.form.submittedAt };
        const { answers } = await checkedAnswers(r.definition, r.form.answers);
        const completion = checkCompletion(r.definition, answers, r.form.savedSections);
        if (!completion.complete) {
          throw apiError(422, 'incomplete', {
            missingSections: completion.missingSections,
            missingFields: completion.missingFields,
          });
        }
        const now = app.clock();
        const stored = await repo.submit({
          formId: r.form.id,
          version: r.form.version,
          answers,
          triage: formTriageOf({
            definition: r.definition,
            answers,
            date: now,
            patient: { civility: r.patient.civility, birthDate: r.patient.birthDate },
          }),
          emails: formEmails.onSubmit(r, now, app.config.publicUrl),
          now: now.toISOString(),
          // Due on the queue's clock, which its passes compare with (not the business clock).
          emailsDueAt: app.mailer.now().toISOString(),
        });
        if (stored === 'stored') {
          app.mailer.kick();
          // Both PDFs are rendered from the stored copy once the patient has the answer.
          app.formPdfs.schedule(patientId);
          return { status: 'submitted', submittedAt: now.toISOString() };
        }
        // 'submitted': a concurrent call finished first (the next read answers its state), queue nothing.
        if (stored === 'changed' && attempt >= MAX_SUBMIT_ATTEMPTS) throw apiError(409, 'form_changed');
      }
    },

    /** Tells the patient's pharmacy again that the bilan is ready (D15: no health data). */
    async notifyPharmacy(patientId: number, pharmacyName: string): Promise<void> {
      const r = await record(patientId);
      if (r.pharmacy.name !== pharmacyName) throw apiError(403, 'forbidden');
      if (r.form.status !== 'submitted' || !r.form.submittedAt) throw apiError(409, 'not_submitted');
      await app.mailer.enqueue(formEmails.pharmacyNotice(r, new Date(r.form.submittedAt), app.config.publicUrl));
    },
  };
}

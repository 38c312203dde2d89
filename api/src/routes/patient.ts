import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { bandForBirthDate, checkCompletion, isValidBirthDate, normalize, normalizeSection, type Answers } from '@bilan/engine';
import { ApiError, apiError } from '../errors';
import { patientConfirmation, pharmacyNotification } from '../mail/messages';
import { bands, latestDefinition, validateAnswerSet, validateSection } from '../questionnaire/definitions';
import { loadRecord, meView, recordPdfInput, type PatientRecord } from '../questionnaire/patientRecord';
import type { OutgoingEmail } from '../db/repositories/emails';
import { answersSchema, bearer, clientPublicSchema, errors, sectionAnswersSchema } from './schemas';

interface CreateBody {
  civilite: string;
  nom: string;
  prenom: string;
  date_naissance: string;
  email: string;
  numero_securite_sociale?: string | null;
  clientId: number;
  ageGroup?: string;
  consent?: boolean;
  ticket?: string;
}

const trimmedText = (max: number) => ({ type: 'string', minLength: 1, maxLength: max, pattern: '\\S' }) as const;

const createBodySchema = {
  type: 'object',
  required: ['civilite', 'nom', 'prenom', 'date_naissance', 'email', 'clientId'],
  properties: {
    civilite: { type: 'string', enum: ['Monsieur', 'Madame', 'Autre'] },
    nom: trimmedText(100),
    prenom: trimmedText(100),
    date_naissance: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
    email: { type: 'string', maxLength: 254, pattern: '^\\s*[^\\s@]+@[^\\s@]+\\.[^\\s@]+\\s*$' },
    numero_securite_sociale: { type: ['string', 'null'], maxLength: 64 },
    clientId: { type: 'integer', minimum: 1 },
    ageGroup: { type: 'string', maxLength: 16 },
    consent: { type: 'boolean' },
    ticket: { type: 'string', maxLength: 200 },
  },
} as const;

const meSchema = {
  type: 'object',
  required: ['id', 'civilite', 'nom', 'prenom', 'date_naissance', 'email', 'ageGroup', 'client', 'definition', 'status', 'reponses', 'savedPages', 'submittedAt'],
  properties: {
    id: { type: 'integer' },
    civilite: { type: 'string' },
    nom: { type: 'string' },
    prenom: { type: 'string' },
    date_naissance: { type: 'string' },
    email: { type: 'string' },
    ageGroup: { type: 'string' },
    client: clientPublicSchema,
    definition: { type: 'object', required: ['id', 'version'], properties: { id: { type: 'string' }, version: { type: 'string' } } },
    status: { type: 'string', enum: ['in_progress', 'submitted'] },
    reponses: answersSchema,
    savedPages: { type: 'array', items: { type: 'string' } },
    submittedAt: { type: ['string', 'null'] },
  },
} as const;

const submitResult = {
  type: 'object',
  required: ['status', 'submittedAt'],
  properties: { status: { type: 'string', enum: ['submitted'] }, submittedAt: { type: 'string' } },
} as const;

/** The answer routes accept small bodies only: a section is a few kilobytes at most. */
const answersBodyLimit = 64 * 1024;

/** Registration, the patient's own record, saving a page, and the finishing call (D12). */
const patientRoutes: FastifyPluginAsync = async (app) => {
  async function record(request: FastifyRequest): Promise<PatientRecord> {
    const r = await loadRecord(app.repos, request.patientId as number);
    // A token whose patient is gone (retention purge) is no longer a session.
    if (!r) throw apiError(401, 'session_expired');
    return r;
  }

  app.post<{ Body: CreateBody }>(
    '/api/utilisateur/create',
    {
      bodyLimit: 16 * 1024,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['patient'],
        summary: 'Inscription du patient (identité, consentement, ticket anti-robot) : renvoie son jeton',
        body: createBodySchema,
        response: {
          201: {
            type: 'object',
            required: ['token', 'userId', 'ageGroup'],
            properties: { token: { type: 'string' }, userId: { type: 'integer' }, ageGroup: { type: 'string' } },
          },
          ...errors(400, 404, 413, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const now = app.clock();
      // The order of the registration screen's checks (platform.md §5).
      if (b.consent !== true) throw apiError(422, 'consent_required');
      const ssn = (b.numero_securite_sociale ?? '').replace(/\s+/g, '');
      if (ssn !== '' && !/^\d{15}$/.test(ssn)) throw apiError(422, 'invalid_ssn');
      if (!b.ticket || !(await app.botCheck.isTicketValid(b.ticket))) {
        throw new ApiError(400, 'bot_check_failed', app.botCheck.failureMessage);
      }
      if (!isValidBirthDate(b.date_naissance, now)) throw apiError(422, 'invalid_birth_date');
      const band = bandForBirthDate(b.date_naissance, now, bands);
      if (!band) throw apiError(422, 'age_not_eligible');
      const client = await app.repos.clients.findById(b.clientId);
      if (!client || client.role !== 'pharmacy' || client.disabledAt) throw apiError(404, 'client_not_found');

      const definition = latestDefinition(band);
      const result = await app.repos.patients.register({
        patient: {
          clientId: client.id,
          civilite: b.civilite,
          nom: b.nom.trim(),
          prenom: b.prenom.trim(),
          dateNaissance: b.date_naissance,
          email: b.email.trim().toLowerCase(),
          numeroSecuriteSociale: ssn === '' ? null : ssn,
          ageGroup: band,
        },
        definitionId: definition.id,
        definitionVersion: definition.version,
        ticketKey: app.botCheck.ticketKey(b.ticket),
        now: now.toISOString(),
      });
      // Used in between by a concurrent request: the same refusal as an unknown ticket.
      if (!result.ok) throw new ApiError(400, 'bot_check_failed', app.botCheck.failureMessage);
      return reply.code(201).send({ token: app.signPatientToken(result.patientId), userId: result.patientId, ageGroup: band });
    },
  );

  app.get(
    '/api/utilisateur/me',
    {
      onRequest: app.requirePatient,
      schema: { tags: ['patient'], summary: 'Le dossier du patient (identité, réponses)', security: bearer, response: { 200: meSchema, ...errors(401) } },
    },
    async (request) => meView(await record(request)),
  );

  app.patch<{ Body: { pageKey: string; reponses: Record<string, unknown> } }>(
    '/api/utilisateur/me/responses',
    {
      onRequest: app.requirePatient,
      bodyLimit: answersBodyLimit,
      schema: {
        tags: ['patient'],
        summary: 'Enregistre les réponses d’une page (rejouées et validées par le serveur)',
        security: bearer,
        body: {
          type: 'object',
          required: ['pageKey', 'reponses'],
          properties: { pageKey: { type: 'string', minLength: 1, maxLength: 64 }, reponses: sectionAnswersSchema },
        },
        response: {
          200: {
            type: 'object',
            required: ['pageKey', 'reponses', 'dropped', 'savedPages'],
            properties: {
              pageKey: { type: 'string' },
              reponses: sectionAnswersSchema,
              dropped: { type: 'array', items: { type: 'string' } },
              savedPages: { type: 'array', items: { type: 'string' } },
            },
          },
          ...errors(400, 401, 409, 413, 422),
        },
      },
    },
    async (request) => {
      const r = await record(request);
      const { pageKey, reponses } = request.body;
      if (r.answerSet.status === 'submitted') throw apiError(409, 'already_submitted');
      if (!r.definition.pages.some((p) => p.section === pageKey)) throw apiError(400, 'unknown_page', { pageKey });
      const { [pageKey]: _current, ...others } = r.answerSet.sections;
      const normalized = normalizeSection(r.definition, pageKey, reponses as Answers[string], others);
      const validation = validateSection(r.definition, pageKey, normalized.answers);
      if (!validation.valid) throw apiError(422, 'invalid_answers', { errors: validation.errors, fields: validation.details });
      const saved = await app.repos.answerSets.saveSection(r.answerSet.id, pageKey, normalized.answers, app.clock().toISOString());
      if (!saved) throw apiError(409, 'already_submitted');
      return { pageKey, reponses: normalized.answers, dropped: normalized.dropped, savedPages: saved.savedSections };
    },
  );

  app.post(
    '/api/utilisateur/me/submit',
    {
      onRequest: app.requirePatient,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['patient'],
        summary: 'Finalise le questionnaire : validation, contrôle de complétude, PDF, e-mails (idempotent)',
        security: bearer,
        response: { 200: submitResult, ...errors(401, 422, 429) },
      },
    },
    async (request) => {
      const r = await record(request);
      if (r.answerSet.status === 'submitted') return { status: 'submitted', submittedAt: r.answerSet.submittedAt };

      const { answers } = normalize(r.definition, r.answerSet.sections);
      const validation = validateAnswerSet(r.definition, answers);
      if (!validation.valid) throw apiError(422, 'invalid_answers', { errors: validation.errors, fields: validation.details });
      const completion = checkCompletion(r.definition, answers, r.answerSet.savedSections);
      if (!completion.complete) {
        throw apiError(422, 'incomplete', { missingSections: completion.missingSections, missingFields: completion.missingFields });
      }

      const now = app.clock();
      const input = { ...recordPdfInput(r, now), answers };
      const pdfs = await app.pdf.both(input);
      const mails: OutgoingEmail[] = [
        patientConfirmation({ pharmacy: r.client, patient: r.patient }),
        pharmacyNotification({ pharmacy: r.client, patient: r.patient, submittedAt: now, publicUrl: app.config.publicUrl }),
      ];
      const stored = await app.repos.answerSets.submit({
        answerSetId: r.answerSet.id,
        sections: answers,
        documents: [
          { kind: 'questionnaire', content: pdfs.questionnaire },
          { kind: 'bilan', content: pdfs.bilan },
        ],
        emails: mails,
        now: now.toISOString(),
        emailsDueAt: new Date().toISOString(),
      });
      if (!stored) {
        // A concurrent call submitted first: answer with its state, queue nothing.
        const again = await record(request);
        return { status: 'submitted', submittedAt: again.answerSet.submittedAt };
      }
      app.mailer.kick();
      return { status: 'submitted', submittedAt: now.toISOString() };
    },
  );
};

export default patientRoutes;

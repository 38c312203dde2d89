import type { FastifyRequest } from 'fastify';
import type { Answers } from '@bilan/engine';
import { apiError } from '../errors';
import { errors, pharmacyNameParams, queuedSchema, type RoutesPlugin } from '../schemas';
import {
  erasedSchema,
  languageBodySchema,
  languageResultSchema,
  meSchema,
  resumeBodySchema,
  pageBodySchema,
  stillHereBodySchema,
  stillHereResultSchema,
  pageResultSchema,
  registrationBodySchema,
  registrationResultSchema,
  submitResultSchema,
} from './schemas';
import { definitions } from '../questionnaire/definitions';
import { largestPageBodyBytes } from '../questionnaire/largestPageBody';

/**
 * A page save takes what the largest page of any definition version can hold, every text at its
 * maximum (11 KB with the versions of 2026), and no more.
 */
const pageBodyLimit = largestPageBodyBytes(definitions);
const tags = ['patient'];

/** The patient of a request that passed the patient guard (plugins/access.ts sets it). */
function patientOf(request: FastifyRequest): number {
  if (request.patientId === undefined) throw apiError(401, 'unauthenticated');
  return request.patientId;
}

/**
 * The patient: registration (public, with a solved bot check), then the routes of its own record,
 * which accept a patient token only (config.access: patient, whose guard plugins/access.ts installs): the record, a page
 * save, the finishing call (D12), and the pharmacy's notice. After a pause (D39) only the resume
 * answers; the others answer 401 resume_required (plugin.ts).
 */
const patientRoutes: RoutesPlugin = async (app) => {
  const service = app.patientService;

  app.post(
    '/api/utilisateur/create',
    {
      config: { access: 'public-bot-check', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Inscription du patient (identité, consentement, ticket anti-robot)\u00a0: renvoie son jeton',
        body: registrationBodySchema,
        response: { 201: registrationResultSchema, ...errors(400, 404, 413, 422, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await service.register(request.body)),
  );

  app.get(
    '/api/utilisateur/me',
    {
      config: { access: 'patient' },
      schema: {
        tags,
        summary: 'Le dossier du patient (identité, réponses)',
        response: { 200: meSchema, ...errors(401) },
      },
    },
    async (request) => service.me(patientOf(request)),
  );

  app.post(
    '/api/utilisateur/me/resume',
    {
      // Three wrong tries erase the form (D31); the limit keeps a script from trying tokens' dates.
      config: { access: 'patient', resumesPause: true, rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          'Reprend un questionnaire sur un appareil partagé\u00a0: jour et mois de naissance, puis le dossier (trois erreurs l’effacent)',
        body: resumeBodySchema,
        response: { 200: meSchema, ...errors(400, 401, 422, 429) },
      },
    },
    async (request) => service.resume(patientOf(request), request.body.jour, request.body.mois),
  );

  app.post(
    '/api/utilisateur/me/still-here',
    {
      // The page calls it at most once a minute while the person touches or types (D39).
      config: { access: 'patient', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          'Le patient est toujours devant l’écran : la pause après laquelle la date de naissance est redemandée repart de zéro',
        body: stillHereBodySchema,
        response: { 200: stillHereResultSchema, ...errors(400, 401, 429) },
      },
    },
    async (request) => service.stillHere(patientOf(request)),
  );

  app.put(
    '/api/utilisateur/me/language',
    {
      config: { access: 'patient', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          'La langue dans laquelle le patient lit le questionnaire (français, ou une langue de sa version)\u00a0; les réponses restent enregistrées par code',
        body: languageBodySchema,
        response: { 200: languageResultSchema, ...errors(400, 401, 409, 422, 429) },
      },
    },
    async (request) => service.setLanguage(patientOf(request), request.body.language),
  );

  app.delete(
    '/api/utilisateur/me',
    {
      config: { access: 'patient', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Arrête et efface le questionnaire en cours et l’identité du patient',
        response: { 200: erasedSchema, ...errors(401, 409, 429) },
      },
    },
    async (request) => service.erase(patientOf(request)),
  );

  app.patch(
    '/api/utilisateur/me/responses',
    {
      config: { access: 'patient' },
      bodyLimit: pageBodyLimit,
      schema: {
        tags,
        summary: 'Enregistre les réponses d’une page (rejouées et validées par le serveur)',
        body: pageBodySchema,
        response: { 200: pageResultSchema, ...errors(400, 401, 409, 413, 422) },
      },
    },
    async (request) =>
      service.savePage(patientOf(request), request.body.pageKey, request.body.reponses as Answers[string]),
  );

  app.post(
    '/api/utilisateur/me/submit',
    {
      config: { access: 'patient', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Finalise le questionnaire\u00a0: validation, contrôle de complétude, PDF, e-mails (idempotent)',
        response: { 200: submitResultSchema, ...errors(401, 409, 422, 429) },
      },
    },
    async (request) => service.submit(patientOf(request)),
  );

  app.post(
    '/api/email/:clientName/send-email',
    {
      bodyLimit: 256 * 1024,
      config: { access: 'patient', rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: {
        tags: ['e-mails'],
        summary: 'Prévient la pharmacie qu’un bilan est prêt (sans donnée de santé)',
        params: pharmacyNameParams,
        response: { 202: queuedSchema, ...errors(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      await service.notifyPharmacy(patientOf(request), request.params.clientName);
      return reply.code(202).send({ status: 'queued' });
    },
  );
};

export default patientRoutes;

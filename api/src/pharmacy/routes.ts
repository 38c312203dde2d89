import type { FastifyPluginAsync } from 'fastify';
import {
  allRequired,
  binaryFile,
  dateText,
  errors,
  integerSchema,
  list,
  nullableString,
  nullableText,
  patientNames,
  pdfResponse,
  prose,
  stringList,
  stringSchema,
  text,
} from '../schemas';
import { pharmacyService, type ListQuery } from './service';

/** A form record of the dashboard, in the spec's field names (platform.md section 3), with its triage and status. */
const formRecord = allRequired({
  id: integerSchema,
  _id: text(64),
  ...patientNames,
  date_formulaire: dateText,
  ageGroup: stringSchema,
  priorityCount: { ...integerSchema, description: 'Nombre de points prioritaires du bilan (comme dans Bilan.pdf)' },
  priorities: {
    ...stringList,
    description: 'Les points prioritaires du bilan, en mots («\u00a0À voir en priorité\u00a0»)',
  },
  bilanDoneAt: {
    ...nullableText(32),
    description: 'Date à laquelle le pharmacien a réalisé le bilan, null tant qu’il est «\u00a0Reçu\u00a0»',
  },
});

/** A form started by a patient and not sent: listed as "En cours", without answers. */
const startedRecord = allRequired({
  id: integerSchema,
  ...patientNames,
  ageGroup: stringSchema,
  startedAt: dateText,
  updatedAt: dateText,
});

const listSchema = allRequired({
  records: list(formRecord, 50),
  inProgress: list(startedRecord, 100_000),
  counts: allRequired({
    today: { ...integerSchema, type: ['integer', 'null'] },
    month: integerSchema,
    priority: integerSchema,
    done: integerSchema,
    inProgress: integerSchema,
  }),
  month: text(7),
  scope: { type: 'string', enum: ['month', 'all'] },
  page: integerSchema,
  pageSize: integerSchema,
  total: integerSchema,
});

const lineSchema = allRequired({ label: prose, answer: prose });
const formView = allRequired({
  id: integerSchema,
  civilite: stringSchema,
  ...patientNames,
  email: text(254),
  ageGroup: stringSchema,
  date_formulaire: dateText,
  bilanDoneAt: nullableText(32),
  priorities: stringList,
  findings: list(
    allRequired({
      id: text(100),
      level: stringSchema,
      levelLabel: text(100),
      title: prose,
      advice: prose,
      why: prose,
      source: prose,
      guidance: {
        ...nullableString,
        description: 'Ce que fait le pharmacien au comptoir (idées suicidaires…)\u00a0; jamais imprimé sur Bilan.pdf',
      },
      guidancePhones: list(text(20), 10),
      guidanceSource: nullableString,
    }),
    500,
  ),
  due: list(
    allRequired({ id: text(100), title: prose, status: text(100), schedule: prose, why: prose, source: prose }),
    500,
  ),
  upcoming: {
    ...nullableString,
    description: 'Ce qui devient recommandé au prochain anniversaire («\u00a0À 65 ans…\u00a0»), null sinon',
  },
  pages: list(
    allRequired({
      title: prose,
      bmi: nullableText(100),
      parts: list(allRequired({ heading: nullableString, lines: list(lineSchema, 1000) }), 200),
    }),
    200,
  ),
});

const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 20 } } } as const;

const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const tags = ['tableau de bord'];

/** The pharmacist's dashboard: forms, PDFs, export, QR code and poster. A pharmacy's session (plugins/access.ts), own data only. */
const pharmacyRoutes: FastifyPluginAsync = async (app) => {
  const service = pharmacyService(app);

  app.get<{ Querystring: ListQuery }>(
    '/api/responses/grouped',
    {
      schema: {
        tags,
        summary: 'Questionnaires de la pharmacie : un mois ou tous, recherche, tri, pages de 50, compteurs',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            q: { type: 'string', maxLength: 100 },
            month: { type: 'string', maxLength: 7, pattern: '^(\\d{4}-(0[1-9]|1[0-2])|all)?$' },
            page: {
              type: 'string',
              maxLength: 4,
              pattern: '^[1-9]\\d{0,3}$',
              description: 'Page (1 à 9999), 50 questionnaires par page',
            },
            sort: { type: 'string', enum: ['priority', 'date', 'name'] },
          },
        },
        response: { 200: listSchema, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const list = await service.list(request, request.query);
      return reply.header('Cache-Control', 'no-store').send(list);
    },
  );

  app.get(
    '/api/responses/latest',
    {
      schema: {
        tags,
        summary: 'Nombre de questionnaires reçus et date du dernier (sondé toutes les 20 secondes)',
        response: {
          200: allRequired({ received: integerSchema, latestSubmittedAt: nullableText(32) }),
          ...errors(401, 403),
        },
      },
    },
    async (request, reply) => reply.header('Cache-Control', 'no-store').send(await service.latest(request)),
  );

  app.get<{ Params: { id: string } }>(
    '/api/forms/:id',
    {
      schema: {
        tags,
        summary: 'Un questionnaire : réponses page par page et points du bilan',
        params: idParams,
        response: { 200: formView, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply.header('Cache-Control', 'no-store').send(await service.form(request, request.params.id)),
  );

  app.put<{ Params: { id: string }; Body: { done: boolean } }>(
    '/api/forms/:id/bilan',
    {
      schema: {
        tags,
        summary: 'Marque le bilan comme réalisé (ou annule)',
        params: idParams,
        body: {
          type: 'object',
          required: ['done'],
          additionalProperties: false,
          properties: { done: { type: 'boolean' } },
        },
        response: { 200: allRequired({ bilanDoneAt: nullableText(32) }), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => service.setBilanDone(request, request.params.id, request.body.done),
  );

  app.get<{ Params: { id: string; kind: string } }>(
    '/api/pdf-download/:id/:kind',
    {
      schema: {
        tags,
        summary: 'Télécharge Questionnaire.pdf ou Bilan.pdf d’un questionnaire envoyé',
        params: {
          type: 'object',
          required: ['id', 'kind'],
          properties: { id: { type: 'string', maxLength: 20 }, kind: { type: 'string', maxLength: 20 } },
        },
        response: { 200: pdfResponse, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { filename, content } = await service.download(request, request.params.id, request.params.kind);
      return reply
        .header('Cache-Control', 'no-store')
        .header('Content-Disposition', `attachment; filename="${filename}"`)
        .type('application/pdf')
        .send(content);
    },
  );

  app.get(
    '/api/utilisateurs/export',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Export Excel des questionnaires de la pharmacie',
        response: {
          200: {
            description: 'Classeur Excel (une feuille par tranche d’âge)',
            content: { [xlsx]: { schema: binaryFile } },
          },
          ...errors(401, 403),
        },
      },
    },
    async (request, reply) => {
      const stream = await service.exportWorkbook(request);
      return reply
        .header('Cache-Control', 'no-store')
        .header('Content-Disposition', 'attachment; filename="donnees_utilisateurs.xlsx"')
        .type(xlsx)
        .send(stream);
    },
  );

  app.get(
    '/api/dashboard/qrcode.svg',
    {
      schema: {
        tags,
        summary: 'QR code du lien patient (SVG)',
        response: {
          200: { description: 'Image SVG', content: { 'image/svg+xml': { schema: binaryFile } } },
          ...errors(401, 403),
        },
      },
    },
    async (request, reply) =>
      reply
        .header('Cache-Control', 'private, no-cache')
        .type('image/svg+xml; charset=utf-8')
        .send(await service.qrCode(request)),
  );

  app.get(
    '/api/dashboard/poster.pdf',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Affiche à imprimer avec le QR code (PDF)',
        response: { 200: pdfResponse, ...errors(401, 403) },
      },
    },
    async (request, reply) =>
      reply
        .header('Cache-Control', 'private, no-cache')
        .header('Content-Disposition', 'attachment; filename="Affiche_QR_code.pdf"')
        .type('application/pdf')
        .send(await service.poster(request)),
  );
};

export default pharmacyRoutes;

import type { FastifyPluginAsync } from 'fastify';
import { allRequired, errors, integerSchema, nullableString, patientNames, pdfResponse, stringList, stringSchema } from '../schemas';
import { pharmacyService, type ListQuery } from './service';

/** A form record of the dashboard, in the spec's field names (platform.md section 3), with its triage and status. */
const formRecord = allRequired({
  id: integerSchema,
  _id: stringSchema,
  ...patientNames,
  date_formulaire: stringSchema,
  ageGroup: stringSchema,
  priorityCount: { type: 'integer', minimum: 0, description: 'Nombre de points prioritaires du bilan (comme dans Bilan.pdf)' },
  priorities: { ...stringList, description: 'Les points prioritaires du bilan, en mots («\u00a0À voir en priorité\u00a0»)' },
  bilanDoneAt: { ...nullableString, description: 'Date à laquelle le pharmacien a réalisé le bilan, null tant qu’il est «\u00a0Reçu\u00a0»' },
});

/** A form started by a patient and not sent: listed as "En cours", without answers. */
const startedRecord = allRequired({ id: integerSchema, ...patientNames, ageGroup: stringSchema, startedAt: stringSchema, updatedAt: stringSchema });

const listSchema = allRequired({
  records: { type: 'array', items: formRecord },
  inProgress: { type: 'array', items: startedRecord },
  counts: allRequired({
    today: { type: ['integer', 'null'] },
    month: integerSchema,
    priority: integerSchema,
    done: integerSchema,
    inProgress: integerSchema,
  }),
  month: stringSchema,
  scope: { type: 'string', enum: ['month', 'all'] },
  page: integerSchema,
  pageSize: integerSchema,
  total: integerSchema,
});

const lineSchema = allRequired({ label: stringSchema, answer: stringSchema });
const formView = allRequired({
  id: integerSchema,
  civilite: stringSchema,
  ...patientNames,
  email: stringSchema,
  ageGroup: stringSchema,
  date_formulaire: stringSchema,
  bilanDoneAt: nullableString,
  priorities: stringList,
  findings: {
    type: 'array',
    items: allRequired({ id: stringSchema, level: stringSchema, levelLabel: stringSchema, title: stringSchema, advice: stringSchema, why: stringSchema, source: stringSchema }),
  },
  due: { type: 'array', items: allRequired({ id: stringSchema, title: stringSchema, status: stringSchema, schedule: stringSchema, why: stringSchema, source: stringSchema }) },
  pages: {
    type: 'array',
    items: allRequired({
      title: stringSchema,
      bmi: nullableString,
      parts: { type: 'array', items: allRequired({ heading: nullableString, lines: { type: 'array', items: lineSchema } }) },
    }),
  },
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
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            q: { type: 'string', maxLength: 100 },
            month: { type: 'string', maxLength: 7, pattern: '^(\\d{4}-(0[1-9]|1[0-2])|all)?$' },
            page: { type: 'string', maxLength: 4, pattern: '^[1-9]\\d{0,3}$', description: 'Page (1 à 9999), 50 questionnaires par page' },
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
        response: { 200: allRequired({ received: integerSchema, latestSubmittedAt: nullableString }), ...errors(401, 403) },
      },
    },
    async (request, reply) => reply.header('Cache-Control', 'no-store').send(await service.latest(request)),
  );

  app.get<{ Params: { id: string } }>(
    '/api/forms/:id',
    { schema: { tags, params: idParams, response: { 200: formView, ...errors(401, 403, 404) } } },
    async (request, reply) => reply.header('Cache-Control', 'no-store').send(await service.form(request, request.params.id)),
  );

  app.put<{ Params: { id: string }; Body: { done: boolean } }>(
    '/api/forms/:id/bilan',
    {
      schema: {
        tags,
        params: idParams,
        body: { type: 'object', required: ['done'], additionalProperties: false, properties: { done: { type: 'boolean' } } },
        response: { 200: allRequired({ bilanDoneAt: nullableString }), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => service.setBilanDone(request, request.params.id, request.body.done),
  );

  app.get<{ Params: { id: string; kind: string } }>(
    '/api/pdf-download/:id/:kind',
    {
      schema: {
        tags,
        params: { type: 'object', required: ['id', 'kind'], properties: { id: { type: 'string', maxLength: 20 }, kind: { type: 'string', maxLength: 20 } } },
        response: { 200: pdfResponse, ...errors(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { filename, content } = await service.download(request, request.params.id, request.params.kind);
      return reply.header('Cache-Control', 'no-store').header('Content-Disposition', `attachment; filename="${filename}"`).type('application/pdf').send(content);
    },
  );

  app.get(
    '/api/utilisateurs/export',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        response: {
          200: { description: 'Classeur Excel (une feuille par tranche d’âge)', content: { [xlsx]: { schema: { type: 'string', format: 'binary' } } } },
          ...errors(401, 403),
        },
      },
    },
    async (request, reply) => {
      const stream = await service.exportWorkbook(request);
      return reply.header('Cache-Control', 'no-store').header('Content-Disposition', 'attachment; filename="donnees_utilisateurs.xlsx"').type(xlsx).send(stream);
    },
  );

  app.get('/api/dashboard/qrcode.svg', { schema: { tags, response: errors(401, 403) } }, async (request, reply) =>
    reply.header('Cache-Control', 'private, no-cache').type('image/svg+xml; charset=utf-8').send(await service.qrCode(request)),
  );

  app.get(
    '/api/dashboard/poster.pdf',
    { config: { rateLimit: { max: 20, timeWindow: '1 minute' } }, schema: { tags, response: { 200: pdfResponse, ...errors(401, 403) } } },
    async (request, reply) =>
      reply
        .header('Cache-Control', 'private, no-cache')
        .header('Content-Disposition', 'attachment; filename="Affiche_QR_code.pdf"')
        .type('application/pdf')
        .send(await service.poster(request)),
  );
};

export default pharmacyRoutes;

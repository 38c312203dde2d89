import type { FastifyPluginAsync } from 'fastify';
import { allRequired, bearer, errors, integerSchema, patientNames, pdfResponse, stringSchema } from '../schemas';
import { pharmacyService } from './service';

/** A form record of the dashboard, in the spec's field names (platform.md section 3). */
const formRecord = allRequired({
  id: integerSchema,
  _id: stringSchema,
  ...patientNames,
  date_formulaire: stringSchema,
  ageGroup: stringSchema,
  priorityCount: { type: 'integer', minimum: 0, description: 'Nombre de points prioritaires du bilan (comme dans Bilan.pdf)' },
});

const listSchema = allRequired({
  records: { type: 'array', items: formRecord },
  counts: allRequired({ today: { type: ['integer', 'null'] }, month: integerSchema }),
  month: stringSchema,
});

const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const tags = ['tableau de bord'];

/** The pharmacist's dashboard: forms, PDFs, export, QR code and poster. A pharmacy's session (plugins/access.ts), own data only. */
const pharmacyRoutes: FastifyPluginAsync = async (app) => {
  const service = pharmacyService(app);

  app.get<{ Querystring: { q?: string; month?: string } }>(
    '/api/responses/grouped',
    {
      schema: {
        tags,
        security: bearer,
        querystring: {
          type: 'object',
          properties: { q: { type: 'string', maxLength: 100 }, month: { type: 'string', pattern: '^(\\d{4}-(0[1-9]|1[0-2]))?$' } },
        },
        response: { 200: listSchema, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const list = await service.list(request, request.query);
      return reply.header('Cache-Control', 'no-store').send(list);
    },
  );

  app.get<{ Params: { id: string; kind: string } }>(
    '/api/pdf-download/:id/:kind',
    {
      schema: {
        tags,
        security: bearer,
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
        security: bearer,
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

  app.get('/api/dashboard/qrcode.svg', { schema: { tags, security: bearer, response: errors(401, 403) } }, async (request, reply) =>
    reply.header('Cache-Control', 'private, no-cache').type('image/svg+xml; charset=utf-8').send(await service.qrCode(request)),
  );

  app.get(
    '/api/dashboard/poster.pdf',
    { config: { rateLimit: { max: 20, timeWindow: '1 minute' } }, schema: { tags, security: bearer, response: { 200: pdfResponse, ...errors(401, 403) } } },
    async (request, reply) =>
      reply
        .header('Cache-Control', 'private, no-cache')
        .header('Content-Disposition', 'attachment; filename="Affiche_QR_code.pdf"')
        .type('application/pdf')
        .send(await service.poster(request)),
  );
};

export default pharmacyRoutes;

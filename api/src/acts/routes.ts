import type { FastifyRequest } from 'fastify';
import { apiError } from '../errors';
import { binaryFile, errors, type RoutesPlugin } from '../schemas';
import { actParams, actSchema, cancelBody, exportQuery, formActsSchema, statusBody } from './schemas';
import type { Reader } from './service';

function readerOf(request: FastifyRequest): Reader {
  if (!request.staff) throw apiError(401, 'unauthenticated');
  return { pharmacy: request.staff.account, ip: request.ip };
}

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 20 } },
} as const;
const tags = ['actes'];
const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The acts (D34): recorded from a form, moved through their statuses, cancelled with a reason, exported by month. A pharmacy's own only. */
const actsRoutes: RoutesPlugin = async (app) => {
  const service = app.actsService;

  app.get(
    '/api/forms/:id/acts',
    {
      config: { access: 'pharmacy' },
      schema: {
        tags,
        summary: 'Les actes enregistrés pour le patient de ce questionnaire, et le montant d’un acte',
        params: idParams,
        response: { 200: formActsSchema, ...errors(400, 401, 403, 404, 503) },
      },
    },
    async (request, reply) =>
      reply.header('Cache-Control', 'no-store').send(await service.ofForm(readerOf(request), request.params.id)),
  );

  app.post(
    '/api/forms/:id/acts',
    {
      config: { access: 'pharmacy' },
      schema: {
        tags,
        summary:
          '«\u00a0Bilan réalisé\u00a0»\u00a0: enregistre l’acte (RDP), refusé en 409 pour une personne qui a déjà le sien dans sa tranche d’âge',
        params: idParams,
        response: { 201: actSchema, ...errors(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request, reply) => reply.code(201).send(await service.record(readerOf(request), request.params.id)),
  );

  app.post(
    '/api/acts/:actId/status',
    {
      config: { access: 'pharmacy' },
      schema: {
        tags,
        summary:
          'Passe l’acte au statut suivant («\u00a0À facturer\u00a0», puis «\u00a0Facturé\u00a0» avec sa référence de facture)',
        params: actParams,
        body: statusBody,
        response: { 200: actSchema, ...errors(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => service.setStatus(readerOf(request), request.params.actId, request.body),
  );

  app.post(
    '/api/acts/:actId/cancel',
    {
      config: { access: 'pharmacy' },
      schema: {
        tags,
        summary: 'Annule l’acte avec son motif (il reste au registre, «\u00a0Annulé\u00a0»)',
        params: actParams,
        body: cancelBody,
        response: { 200: actSchema, ...errors(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => service.cancel(readerOf(request), request.params.actId, request.body),
  );

  app.get(
    '/api/acts/export',
    {
      config: { access: 'pharmacy', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          '«\u00a0Actes du mois\u00a0»\u00a0: les actes d’un mois en .xlsx ou .csv (point-virgule, UTF-8 avec BOM), totaux par statut',
        querystring: exportQuery,
        response: {
          200: {
            description: 'Classeur Excel ou fichier CSV',
            content: { [xlsx]: { schema: binaryFile }, 'text/csv': { schema: binaryFile } },
          },
          ...errors(400, 401, 403, 503),
        },
      },
    },
    async (request, reply) => {
      const format = request.query.format ?? 'xlsx';
      const { filename, content } = await service.exportMonth(readerOf(request), request.query.month, format);
      return reply
        .header('Cache-Control', 'no-store')
        .header('Content-Disposition', `attachment; filename="${filename}"`)
        .type(format === 'xlsx' ? xlsx : 'text/csv; charset=utf-8')
        .send(content);
    },
  );
};

export default actsRoutes;

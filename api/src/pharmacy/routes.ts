import type { FastifyRequest } from 'fastify';
import { apiError } from '../errors';
import {
  binaryFile,
  errors,
  integerSchema,
  nullableText,
  pdfResponse,
  allRequired,
  type RoutesPlugin,
} from '../schemas';
import { contactBody, contactSchema, formView, idParams, listQuerySchema, listSchema } from './schemas';
import type { Reader } from './service';

/** The pharmacy behind a request that passed the pharmacy guard, and its address. */
function readerOf(request: FastifyRequest): Reader {
  if (!request.staff) throw apiError(401, 'unauthenticated');
  return { pharmacy: request.staff.account, ip: request.ip };
}

const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const tags = ['tableau de bord'];

/** The pharmacist's dashboard: forms, PDFs, export, QR code and poster. A pharmacy's session (plugins/access.ts), own data only. */
const pharmacyRoutes: RoutesPlugin = async (app) => {
  const service = app.pharmacyService;

  app.get(
    '/api/responses/grouped',
    {
      config: { access: 'pharmacy' },
      schema: {
        tags,
        summary: 'Questionnaires de la pharmacie : un mois ou tous, recherche, tri, pages de 50, compteurs',
        querystring: listQuerySchema,
        response: { 200: listSchema, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const list = await service.list(readerOf(request), request.query);
      return reply.header('Cache-Control', 'no-store').send(list);
    },
  );

  app.get(
    '/api/responses/latest',
    {
      config: { access: 'pharmacy' },
      schema: {
        tags,
        summary: 'Nombre de questionnaires reçus et date du dernier (sondé toutes les 20 secondes)',
        response: {
          200: allRequired({ received: integerSchema, latestSubmittedAt: nullableText(32) }),
          ...errors(401, 403),
        },
      },
    },
    async (request, reply) => reply.header('Cache-Control', 'no-store').send(await service.latest(readerOf(request))),
  );

  app.get(
    '/api/forms/:id',
    {
      config: { access: 'pharmacy' },
      schema: {
        tags,
        summary: 'Un questionnaire : réponses page par page et points du bilan',
        params: idParams,
        response: { 200: formView, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply.header('Cache-Control', 'no-store').send(await service.form(readerOf(request), request.params.id)),
  );

  app.get(
    '/api/pdf-download/:id/:kind',
    {
      config: { access: 'pharmacy' },
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
      const { filename, content } = await service.download(readerOf(request), request.params.id, request.params.kind);
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
      config: { access: 'pharmacy', rateLimit: { max: 20, timeWindow: '1 minute' } },
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
      const { stream, filename } = await service.exportWorkbook(readerOf(request));
      return reply
        .header('Cache-Control', 'no-store')
        .header('Content-Disposition', `attachment; filename="${filename}"`)
        .type(xlsx)
        .send(stream);
    },
  );

  app.get(
    '/api/dashboard/qrcode.svg',
    {
      config: { access: 'pharmacy' },
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
        .send(await service.qrCode(readerOf(request))),
  );

  app.get(
    '/api/dashboard/settings',
    {
      config: { access: 'pharmacy' },
      schema: {
        tags,
        summary:
          'Coordonnées de la pharmacie imprimées sur les copies du plan (adresse, téléphone) et son département (montant de l’acte)',
        response: { 200: contactSchema, ...errors(401, 403) },
      },
    },
    async (request) => service.contact(readerOf(request)),
  );

  app.put(
    '/api/dashboard/settings',
    {
      config: { access: 'pharmacy' },
      schema: {
        tags,
        summary: 'Enregistre l’adresse, le téléphone et le département de la pharmacie',
        body: contactBody,
        response: { 200: contactSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => service.setContact(readerOf(request), request.body),
  );

  app.get(
    '/api/dashboard/poster.pdf',
    {
      config: { access: 'pharmacy', rateLimit: { max: 20, timeWindow: '1 minute' } },
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
        .send(await service.poster(readerOf(request))),
  );
};

export default pharmacyRoutes;

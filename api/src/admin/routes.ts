import type { FastifyPluginAsync } from 'fastify';
import { allRequired, errors, integerSchema, nullableString, stringSchema } from '../schemas';
import { adminService } from './service';

/** An invitation as the admin sees it; `token` and `registerLink` only in the answer that creates it. */
const invitationView = {
  type: 'object',
  required: ['id', 'email', 'expiresAt', 'usedAt', 'status', 'createdAt'],
  properties: {
    id: integerSchema, email: nullableString, expiresAt: stringSchema, usedAt: nullableString,
    status: { type: 'string', enum: ['active', 'used', 'expired'] }, createdAt: stringSchema, token: stringSchema, registerLink: stringSchema,
    emailed: { type: 'boolean', description: 'Le lien a été envoyé par e-mail à l’adresse de l’invitation' },
  },
} as const;

/** A row of the spec's stats ({ clientName, email, totalThisMonth }), with the name and the last 12 months. */
const statsRow = allRequired({
  clientName: stringSchema,
  nom: stringSchema,
  email: stringSchema,
  totalThisMonth: integerSchema,
  months: { type: 'array', items: allRequired({ month: stringSchema, total: integerSchema }) },
});

const failedEmail = {
  type: 'object',
  properties: { id: integerSchema, kind: stringSchema, to: stringSchema, subject: stringSchema, attempts: integerSchema, lastError: nullableString, createdAt: stringSchema },
} as const;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** An admin route's schema: a list of `items`, or the errors an admin route answers. */
const listOf = (items: object) => ({ tags: ['administration'], response: { 200: { type: 'array', items }, ...errors(401, 403) } });

/** Admin only (plugins/access.ts): statistics per pharmacy, invitations, e-mails that failed for good. */
const adminRoutes: FastifyPluginAsync = async (app) => {
  const service = adminService(app);

  app.get('/api/admin/stats/pharmacies', { schema: listOf(statsRow) }, async () => service.pharmacyStats());

  app.get(
    '/api/admin/stats/export',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['administration'],
        response: {
          200: { description: 'Classeur Excel des chiffres mensuels par pharmacie', content: { [XLSX]: { schema: { type: 'string', format: 'binary' } } } },
          ...errors(401, 403),
        },
      },
    },
    async (_request, reply) =>
      reply.header('Cache-Control', 'no-store').header('Content-Disposition', 'attachment; filename="chiffres_mensuels.xlsx"').type(XLSX).send(await service.statsExport()),
  );

  app.get('/api/admin/invitations', { schema: listOf(invitationView) }, async () => service.invitations());

  app.post<{ Body: { email?: string | null; ttlDays?: number | string | null } }>(
    '/api/admin/invitations',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 hour' } },
      schema: {
        tags: ['administration'],
        body: {
          type: 'object',
          properties: { email: { type: ['string', 'null'], maxLength: 254 }, ttlDays: { type: ['number', 'string', 'null'], maxLength: 10 } },
        },
        response: { 201: invitationView, ...errors(400, 401, 403, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await service.invite(request, request.body)),
  );

  app.post<{ Params: { id: string } }>(
    '/api/admin/invitations/:id/resend',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 hour' } },
      schema: {
        tags: ['administration'],
        summary: 'Renvoyer une invitation par e-mail (nouveau lien, l’ancien ne fonctionne plus)',
        params: { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 20 } } },
        body: { type: 'object', additionalProperties: false, maxProperties: 0 },
        response: { 200: invitationView, ...errors(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => service.resendInvitation(request.params.id),
  );

  app.get('/api/admin/emails/failed', { schema: listOf(failedEmail) }, async () => service.failedEmails());
};

export default adminRoutes;

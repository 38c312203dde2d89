import {
  allRequired,
  binaryFile,
  dateText,
  errors,
  integerSchema,
  list,
  nullableText,
  stringSchema,
  text,
  type RoutesPlugin,
} from '../schemas';
import { MAX_TTL_DAYS } from './service';

/** An invitation as the admin sees it; `token` and `registerLink` only in the answer that creates it. */
const invitationView = {
  type: 'object',
  required: ['id', 'email', 'expiresAt', 'usedAt', 'status', 'createdAt'],
  properties: {
    id: integerSchema,
    email: nullableText(254),
    expiresAt: dateText,
    usedAt: nullableText(32),
    status: { type: 'string', enum: ['active', 'used', 'expired'] },
    createdAt: dateText,
    token: text(200),
    registerLink: text(2200),
    emailed: { type: 'boolean', description: 'Le lien a été envoyé par e-mail à l’adresse de l’invitation' },
  },
} as const;

/** A row of the spec's stats ({ clientName, email, totalThisMonth }), with the name and the last 12 months. */
const statsRow = allRequired({
  clientName: text(64),
  nom: text(200),
  email: text(254),
  totalThisMonth: integerSchema,
  months: list(allRequired({ month: text(7), total: integerSchema }), 1200),
});

const failedEmail = allRequired({
  id: integerSchema,
  kind: stringSchema,
  to: text(254),
  subject: text(1000),
  attempts: integerSchema,
  lastError: nullableText(4000),
  createdAt: dateText,
});

/** A pharmacy's link that started more forms in an hour than its cap (NEW_FORMS_PER_PHARMACY_HOUR). */
const capAlert = allRequired({
  kind: { type: 'string', enum: ['new_forms'] },
  clientName: text(64),
  nom: text(200),
  hour: dateText,
  refused: integerSchema,
  lastAt: dateText,
  cap: integerSchema,
});

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** An admin route's schema: a list of `items`, or the errors an admin route answers. */
const listOf = (summary: string, items: object) => ({
  tags: ['administration'],
  summary,
  response: { 200: list(items, 100_000), ...errors(401, 403) },
});

/** Admin only (each route's config.access): statistics per pharmacy, invitations, e-mails that failed for good. */
const adminRoutes: RoutesPlugin = async (app) => {
  const service = app.adminService;

  app.get(
    '/api/admin/stats/pharmacies',
    { config: { access: 'admin' }, schema: listOf('Chiffres mensuels par pharmacie', statsRow) },
    async () => service.pharmacyStats(),
  );

  app.get(
    '/api/admin/stats/export',
    {
      config: { access: 'admin', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['administration'],
        summary: 'Export Excel des chiffres mensuels par pharmacie',
        response: {
          200: {
            description: 'Classeur Excel des chiffres mensuels par pharmacie',
            content: { [XLSX]: { schema: binaryFile } },
          },
          ...errors(401, 403),
        },
      },
    },
    async (_request, reply) =>
      reply
        .header('Cache-Control', 'no-store')
        .header('Content-Disposition', 'attachment; filename="chiffres_mensuels.xlsx"')
        .type(XLSX)
        .send(await service.statsExport()),
  );

  app.get(
    '/api/admin/invitations',
    { config: { access: 'admin' }, schema: listOf('Invitations, en attente d’abord', invitationView) },
    async () => service.invitations(),
  );

  app.post(
    '/api/admin/invitations',
    {
      config: { access: 'admin', rateLimit: { max: 60, timeWindow: '1 hour' } },
      schema: {
        tags: ['administration'],
        summary: 'Invite une pharmacie (lien envoyé par e-mail si une adresse est donnée)',
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            email: { type: ['string', 'null'], maxLength: 254 },
            ttlDays: {
              type: ['integer', 'null'],
              format: 'int32',
              minimum: 1,
              maximum: MAX_TTL_DAYS,
              description: 'Jours de validité du lien (7 par défaut)',
            },
          },
        },
        response: { 201: invitationView, ...errors(400, 401, 403, 429) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await service.invite(request.staff?.account.id ?? null, request.body.email, request.body.ttlDays)),
  );

  app.post(
    '/api/admin/invitations/:id/resend',
    {
      config: { access: 'admin', rateLimit: { max: 60, timeWindow: '1 hour' } },
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

  app.get(
    '/api/admin/alerts',
    {
      config: { access: 'admin' },
      schema: listOf(
        'Plafonds atteints (30 derniers jours)\u00a0: pharmacies dont le lien a commencé trop de questionnaires en une heure',
        capAlert,
      ),
    },
    async () => service.capAlerts(),
  );

  app.get(
    '/api/admin/emails/failed',
    { config: { access: 'admin' }, schema: listOf('E-mails non distribués après tous les essais', failedEmail) },
    async () => service.failedEmails(),
  );
};

export default adminRoutes;

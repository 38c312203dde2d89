import type { FastifyPluginAsync } from 'fastify';
import { and, desc, eq, gte, isNotNull } from 'drizzle-orm';
import { ApiError } from '../errors';
import { invitations } from '../db/accountsSchema';
import { answerSets, clients, patients } from '../db/schema';
import { bearer, errors } from '../routes/schemas';
import { invitationStatus } from './invitations';
import { normalizeEmail } from './normalizeEmail';
import { lastMonths, parisMonth } from './parisDate';
import { newSecretToken } from './secretToken';
import { staffGuards } from './staffAuth';

const DEFAULT_TTL_DAYS = 7;
const MAX_TTL_DAYS = 365;

/** Days of validity: non-numeric falls back to 7, below 1 becomes 1 (platform.md section 5). */
export function ttlDaysOf(raw: unknown): number {
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
  if (!Number.isFinite(n)) return DEFAULT_TTL_DAYS;
  return Math.min(MAX_TTL_DAYS, Math.max(1, Math.floor(n)));
}

const invitationView = {
  type: 'object',
  required: ['id', 'email', 'expiresAt', 'usedAt', 'status', 'createdAt'],
  properties: {
    id: { type: 'integer' },
    email: { type: ['string', 'null'] },
    expiresAt: { type: 'string' },
    usedAt: { type: ['string', 'null'] },
    status: { type: 'string', enum: ['active', 'used', 'expired'] },
    createdAt: { type: 'string' },
    token: { type: 'string' },
    registerLink: { type: 'string' },
  },
} as const;

/** Admin only: invitations, monthly statistics per pharmacy, e-mails that failed for good. */
const adminRoutes: FastifyPluginAsync = async (app) => {
  const { requireAdmin } = staffGuards(app);
  app.addHook('onRequest', requireAdmin);

  app.get(
    '/api/admin/stats/pharmacies',
    {
      schema: {
        tags: ['administration'],
        security: bearer,
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              required: ['clientName', 'nom', 'email', 'totalThisMonth', 'months'],
              properties: {
                clientName: { type: 'string' },
                nom: { type: 'string' },
                email: { type: 'string' },
                totalThisMonth: { type: 'integer' },
                months: {
                  type: 'array',
                  items: { type: 'object', required: ['month', 'total'], properties: { month: { type: 'string' }, total: { type: 'integer' } } },
                },
              },
            },
          },
          ...errors(401, 403),
        },
      },
    },
    async (_request, reply) => {
      const now = app.clock();
      const months = lastMonths(now, 12);
      const current = parisMonth(now);
      // A margin of two days before the first month: Paris runs ahead of UTC.
      const since = new Date(`${months[0]}-01T00:00:00.000Z`);
      since.setUTCDate(since.getUTCDate() - 2);
      const rows = app.db
        .select({ clientId: patients.clientId, submittedAt: answerSets.submittedAt })
        .from(answerSets)
        .innerJoin(patients, eq(answerSets.patientId, patients.id))
        .where(and(eq(answerSets.status, 'submitted'), isNotNull(answerSets.submittedAt), gte(answerSets.submittedAt, since.toISOString())))
        .all();
      const counts = new Map<string, number>();
      for (const r of rows) {
        if (!r.submittedAt) continue;
        const key = `${r.clientId}|${parisMonth(new Date(r.submittedAt))}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      const pharmacies = app.db.select().from(clients).where(eq(clients.role, 'pharmacy')).orderBy(clients.name).all();
      reply.header('Cache-Control', 'no-store');
      return pharmacies.map((c) => ({
        clientName: c.name,
        nom: c.nom,
        email: c.email,
        totalThisMonth: counts.get(`${c.id}|${current}`) ?? 0,
        months: months.map((month) => ({ month, total: counts.get(`${c.id}|${month}`) ?? 0 })),
      }));
    },
  );

  app.get(
    '/api/admin/invitations',
    { schema: { tags: ['administration'], security: bearer, response: { 200: { type: 'array', items: invitationView }, ...errors(401, 403) } } },
    async (_request, reply) => {
      const now = app.clock();
      reply.header('Cache-Control', 'no-store');
      return app.db
        .select()
        .from(invitations)
        .orderBy(desc(invitations.id))
        .limit(500)
        .all()
        .map((i) => ({ id: i.id, email: i.email, expiresAt: i.expiresAt, usedAt: i.usedAt, status: invitationStatus(i, now), createdAt: i.createdAt }));
    },
  );

  app.post<{ Body: { email?: string | null; ttlDays?: number | string | null } }>(
    '/api/admin/invitations',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 hour' } },
      schema: {
        tags: ['administration'],
        security: bearer,
        body: {
          type: 'object',
          properties: { email: { type: ['string', 'null'], maxLength: 254 }, ttlDays: { type: ['number', 'string', 'null'], maxLength: 10 } },
        },
        response: { 201: invitationView, ...errors(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const email = request.body.email ? normalizeEmail(request.body.email) : '';
      if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new ApiError(400, 'invalid_email', 'Adresse e-mail invalide.');
      const ttlDays = ttlDaysOf(request.body.ttlDays);
      const now = app.clock();
      const { token, hash } = newSecretToken();
      const row = app.db
        .insert(invitations)
        .values({
          tokenHash: hash,
          email: email || null,
          expiresAt: new Date(now.getTime() + ttlDays * 86_400_000).toISOString(),
          createdByClientId: request.staff?.client.id ?? null,
          createdAt: now.toISOString(),
        })
        .returning()
        .get();
      return reply.code(201).header('Cache-Control', 'no-store').send({
        id: row.id,
        email: row.email,
        expiresAt: row.expiresAt,
        usedAt: null,
        status: 'active',
        createdAt: row.createdAt,
        // The plain token exists only in this answer: the table keeps its hash.
        token,
        registerLink: `${app.config.publicUrl}/register?invite=${token}`,
      });
    },
  );

  app.get(
    '/api/admin/emails/failed',
    {
      schema: {
        tags: ['administration'],
        security: bearer,
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                id: { type: 'integer' },
                kind: { type: 'string' },
                to: { type: 'string' },
                subject: { type: 'string' },
                attempts: { type: 'integer' },
                lastError: { type: ['string', 'null'] },
                createdAt: { type: 'string' },
              },
            },
          },
          ...errors(401, 403),
        },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return (await app.repos.emails.list({ status: 'failed', limit: 100 })).map((m) => ({
        id: m.id,
        kind: m.kind,
        to: m.to,
        subject: m.subject,
        attempts: m.attempts,
        lastError: m.lastError,
        createdAt: m.createdAt,
      }));
    },
  );
};

export default adminRoutes;

import type { FastifyPluginAsync } from 'fastify';
import { apiError } from '../errors';
import { demoEmail } from '../mail/messages';
import { demoAnswers } from '../questionnaire/demoAnswers';
import { answersSchema, errors } from './schemas';

interface DemoBody {
  responses?: Record<string, unknown>;
  ageGroup?: string;
  userForm?: { email?: string; ageGroup?: string };
}

const demoBodySchema = {
  type: 'object',
  properties: {
    responses: answersSchema,
    ageGroup: { type: 'string', maxLength: 16 },
    userForm: { type: 'object', properties: { email: { type: 'string', maxLength: 254 }, ageGroup: { type: 'string', maxLength: 16 } } },
  },
} as const;

const options = { bodyLimit: 256 * 1024, config: { rateLimit: { max: 10, timeWindow: '1 minute' } } };

/** The demo flow and the submission test screen: no account, answers are test data. */
const demoRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: DemoBody }>(
    '/api/send-test-email',
    {
      ...options,
      schema: {
        tags: ['demo'],
        summary: 'Démonstration : envoie les deux PDF à l’adresse saisie sur /form',
        body: demoBodySchema,
        response: { 202: { type: 'object', required: ['status'], properties: { status: { type: 'string', enum: ['queued'] } } }, ...errors(400, 413, 422, 429) },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const to = (b.userForm?.email ?? '').trim();
      // The demo entry has no format check (platform.md §5); a message still needs an address.
      if (!/^[^\s@]+@[^\s@]+$/.test(to)) throw apiError(400, 'invalid_email');
      const { definition, answers } = demoAnswers(b.ageGroup ?? b.userForm?.ageGroup, b.responses);
      const pdfs = await app.pdf.both({ definition, answers, patient: null, pharmacy: null, date: app.clock() });
      await app.mailer.enqueue(demoEmail({ to, bandLabel: definition.band.label, questionnairePdf: pdfs.questionnaire, bilanPdf: pdfs.bilan }));
      return reply.code(202).send({ status: 'queued' });
    },
  );

  app.post<{ Body: DemoBody }>(
    '/api/storeJson',
    {
      ...options,
      schema: {
        tags: ['demo'],
        summary: 'Écran de test : enregistre des réponses de démonstration',
        body: demoBodySchema,
        response: {
          201: { type: 'object', required: ['id', 'dropped'], properties: { id: { type: 'integer' }, dropped: { type: 'array', items: { type: 'string' } } } },
          ...errors(400, 413, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const ageGroup = b.ageGroup ?? b.userForm?.ageGroup;
      const { answers, dropped, definition } = demoAnswers(ageGroup, b.responses);
      const id = await app.repos.demoSubmissions.insert(definition.band.code, answers, app.clock().toISOString());
      return reply.code(201).send({ id, dropped });
    },
  );
};

export default demoRoutes;

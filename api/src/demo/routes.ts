import type { FastifyPluginAsync } from 'fastify';
import { answersSchema, errors, integerSchema, queuedSchema, stringList } from '../schemas';
import { demoService, type DemoBody } from './service';

const demoBodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    responses: answersSchema,
    // null: the submission test screen has no band yet (the answers' own band is then used).
    ageGroup: { type: ['string', 'null'], maxLength: 16 },
    userForm: {
      type: 'object',
      properties: { email: { type: 'string', maxLength: 254 }, ageGroup: { type: ['string', 'null'], maxLength: 16 } },
    },
    ticket: { type: 'string', maxLength: 200 },
  },
} as const;

const options = { bodyLimit: 256 * 1024, config: { rateLimit: { max: 10, timeWindow: '1 minute' } } };
/** The demo e-mail: a few per address and hour (and per recipient, demo/service.ts). */
const emailOptions = { bodyLimit: 256 * 1024, config: { rateLimit: { max: 10, timeWindow: '1 hour' } } };

/** The demo flow and the submission test screen: no account, answers are test data. */
const demoRoutes: FastifyPluginAsync = async (app) => {
  const service = demoService(app);

  app.post<{ Body: DemoBody }>(
    '/api/send-test-email',
    {
      ...emailOptions,
      schema: {
        tags: ['démonstration'],
        summary:
          'Démonstration\u00a0: envoie les deux PDF à l’adresse saisie sur /form (vérification anti-robot résolue\u00a0: ticket)',
        body: demoBodySchema,
        response: { 202: queuedSchema, ...errors(400, 413, 422, 429) },
      },
    },
    async (request, reply) => {
      await service.sendTestEmail(request.body);
      return reply.code(202).send({ status: 'queued' });
    },
  );

  // The developer test screen's own call exists only with DEV_TOOLS (off in production, D28).
  if (!app.config.devTools) return;
  app.post<{ Body: DemoBody }>(
    '/api/storeJson',
    {
      ...options,
      schema: {
        tags: ['démonstration'],
        summary: 'Écran de test\u00a0: enregistre des réponses de démonstration',
        body: demoBodySchema,
        response: {
          201: { type: 'object', required: ['id', 'dropped'], properties: { id: integerSchema, dropped: stringList } },
          ...errors(400, 413, 422, 429),
        },
      },
    },
    async (request, reply) => reply.code(201).send(await service.store(request.body)),
  );
};

export default demoRoutes;

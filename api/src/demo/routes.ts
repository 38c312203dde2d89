import { errors, integerSchema, queuedSchema, stringList, type RoutesPlugin } from '../schemas';
import { demoBodySchema } from './schemas';

const bodyLimit = 256 * 1024;

/** The demo flow and the submission test screen: no account, answers are test data. */
const demoRoutes: RoutesPlugin = async (app) => {
  const service = app.demoService;

  app.post(
    '/api/send-test-email',
    {
      bodyLimit,
      // A few per address and hour (and per recipient, demo/service.ts).
      config: { access: 'public-bot-check', rateLimit: { max: 10, timeWindow: '1 hour' } },
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
  app.post(
    '/api/storeJson',
    {
      bodyLimit,
      config: { access: 'dev-tools', rateLimit: { max: 10, timeWindow: '1 minute' } },
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

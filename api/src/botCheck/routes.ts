import type { FastifyPluginAsync } from 'fastify';
import { ApiError, apiError } from '../errors';
import { errors } from '../schemas';

const verifyResult = {
  type: 'object',
  required: ['success', 'score', 'provider'],
  properties: {
    success: { type: 'boolean' },
    score: { type: 'number' },
    provider: { type: 'string', enum: ['altcha', 'recaptcha'] },
    ticket: { type: 'string' },
  },
} as const;

/** The bot check of registration (D17): its configuration, ALTCHA challenges, verification. */
const botCheckRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/api/bot-check/config',
    {
      schema: {
        tags: ['patient'],
        summary: 'Service anti-robot utilisé',
        response: {
          200: {
            type: 'object',
            required: ['provider', 'label'],
            properties: { provider: { type: 'string', enum: ['altcha', 'recaptcha'] }, label: { type: 'string' }, siteKey: { type: 'string' } },
          },
        },
      },
    },
    async () => app.botCheck.provider.publicConfig,
  );

  app.get(
    '/api/bot-check/challenge',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['patient'],
        summary: 'Nouveau défi ALTCHA (preuve de travail)',
        response: { 200: { type: 'object', additionalProperties: true }, ...errors(404, 429) },
      },
    },
    async () => {
      const { challenge } = app.botCheck.provider;
      if (!challenge) throw apiError(404, 'not_found');
      return challenge();
    },
  );

  app.post<{ Body: { token: string } }>(
    '/api/verify-recaptcha',
    {
      bodyLimit: 16 * 1024,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['patient'],
        summary: 'Vérifie le jeton du service anti-robot et délivre un ticket à usage unique',
        body: { type: 'object', required: ['token'], properties: { token: { type: 'string', minLength: 1, maxLength: 12_000 } } },
        response: {
          200: verifyResult,
          400: {
            type: 'object',
            required: ['code', 'message', 'error'],
            properties: { code: { type: 'string' }, message: { type: 'string' }, error: { type: 'string' }, success: { type: 'boolean' }, score: { type: 'number' }, provider: { type: 'string' } },
          },
          ...errors(413, 429),
        },
      },
    },
    async (request) => {
      const result = await app.botCheck.verify(request.body.token);
      if (!result.success) {
        throw new ApiError(400, 'bot_check_failed', app.botCheck.failureMessage, undefined, { success: false, score: result.score, provider: result.provider });
      }
      return result;
    },
  );
};

export default botCheckRoutes;

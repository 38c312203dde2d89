import { ApiError, apiError } from '../errors';
import { errors, integerSchema, stringSchema, text, type RoutesPlugin } from '../schemas';

const providerName = { type: 'string', enum: ['altcha', 'recaptcha'] } as const;
const tags = ['patient'];

const configSchema = {
  tags,
  summary: 'Service anti-robot utilisé',
  response: {
    200: {
      type: 'object',
      required: ['provider', 'label'],
      properties: { provider: providerName, label: text(200), siteKey: text(200) },
    },
  },
} as const;

/** An ALTCHA challenge (protocol 2 of altcha-lib): what the widget solves. */
const altchaChallenge = {
  type: 'object',
  required: ['parameters'],
  properties: {
    parameters: {
      type: 'object',
      required: ['algorithm', 'nonce', 'salt', 'cost', 'keyLength', 'keyPrefix'],
      properties: {
        algorithm: text(32),
        nonce: text(256),
        salt: text(256),
        cost: integerSchema,
        keyLength: integerSchema,
        keyPrefix: text(256),
        keySignature: text(512),
        memoryCost: integerSchema,
        parallelism: integerSchema,
        expiresAt: { type: 'integer', format: 'int64', minimum: 0, maximum: 9_007_199_254_740_991 },
        // Signed with the rest: the pharmacy the challenge is for.
        data: { type: 'object', properties: { pharmacy: integerSchema } },
      },
    },
    signature: text(512),
  },
} as const;

const challengeSchema = {
  tags,
  summary: 'Nouveau défi ALTCHA (preuve de travail), plus difficile quand les demandes ou les inscriptions affluent',
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: {
      pharmacy: {
        type: 'string',
        maxLength: 10,
        pattern: '^[1-9]\\d{0,9}$',
        description: 'La pharmacie de l’inscription (clientId)\u00a0: le ticket obtenu ne vaut que pour elle',
      },
    },
  },
  response: { 200: altchaChallenge, ...errors(400, 404, 429) },
} as const;

/** The spec's `{ success, score }`, with the provider and, on success, the single-use ticket. */
const verifySchema = {
  tags,
  summary: 'Vérifie le jeton du service anti-robot et délivre un ticket à usage unique',
  body: {
    type: 'object',
    required: ['token'],
    additionalProperties: false,
    properties: { token: { type: 'string', minLength: 1, maxLength: 12_000 } },
  },
  response: {
    200: {
      type: 'object',
      required: ['success', 'score', 'provider'],
      properties: {
        success: { type: 'boolean' },
        score: { type: 'number', minimum: 0, maximum: 1 },
        provider: providerName,
        ticket: text(200),
      },
    },
    // A refusal keeps the older `success: false` and score beside the error fields.
    400: {
      type: 'object',
      required: ['code', 'message', 'error'],
      properties: {
        code: stringSchema,
        message: text(2000),
        error: text(2000),
        details: {},
        success: { type: 'boolean' },
        score: { type: 'number', minimum: 0, maximum: 1 },
        provider: stringSchema,
      },
    },
    ...errors(413, 429),
  },
} as const;

/** The bot check of registration (D17): its configuration, ALTCHA challenges, verification (the service is app.botCheck). */
const botCheckRoutes: RoutesPlugin = async (app) => {
  app.get(
    '/api/bot-check/config',
    { config: { access: 'public' }, schema: configSchema },
    async () => app.botCheck.provider.publicConfig,
  );

  app.get<{ Querystring: { pharmacy?: string } }>(
    '/api/bot-check/challenge',
    { config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } }, schema: challengeSchema },
    async (request) => {
      const { pharmacy } = request.query;
      const challenge = await app.botCheck.challenge(request.ip, pharmacy === undefined ? undefined : Number(pharmacy));
      if (!challenge) throw apiError(404, 'not_found');
      // altcha-lib's interfaces have no index signature, which an open response schema's type has.
      const { parameters, ...rest } = challenge;
      return { ...rest, parameters: { ...parameters } };
    },
  );

  app.post(
    '/api/verify-recaptcha',
    // The longest token a provider sends (reCAPTCHA's, 12,000 characters at most) and its envelope.
    {
      bodyLimit: 13 * 1024,
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: verifySchema,
    },
    async (request) => {
      const result = await app.botCheck.verify(request.body.token);
      if (!result.success) {
        throw new ApiError(400, 'bot_check_failed', app.botCheck.failureMessage, undefined, {
          success: false,
          score: result.score,
          provider: result.provider,
        });
      }
      return result;
    },
  );
};

export default botCheckRoutes;

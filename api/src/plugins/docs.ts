import fp from 'fastify-plugin';
import type { FastifySchema } from 'fastify';
import { errorBodySchema } from '../errors';
import { errorRef } from '../schemas';

/** What every token of the API follows (RFC 8725, JWT best current practices), said in each scheme. */
const JWT_PRACTICE = 'JWT selon la RFC8725\u00a0: algorithme HS256 imposé à la signature et à la vérification, expiration toujours vérifiée.';

/** A bearer JWT scheme: which token, and the practice every token follows. */
const bearerScheme = (which: string) => ({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: `${which} ${JWT_PRACTICE}` }) as const;

const counter = (description: string) => ({ type: 'integer', format: 'int32', minimum: 0, maximum: 1_000_000, description });

/** The headers @fastify/rate-limit sends with every answer of a limited route. */
const RATE_LIMIT_HEADERS = {
  'X-RateLimit-Limit': counter('Requêtes permises dans la fenêtre en cours'),
  'X-RateLimit-Remaining': counter('Requêtes restantes dans la fenêtre en cours'),
  'X-RateLimit-Reset': counter('Secondes avant la prochaine fenêtre'),
};

/**
 * For the document only (the routes' own schemas, which serialize the answers, are left as they
 * are): every answer of a rate-limited route names its limit headers, and its 429 is documented
 * with Retry-After.
 */
function withRateLimits(schema: FastifySchema, limited: boolean): FastifySchema {
  if (!limited || typeof schema.response !== 'object' || schema.response === null) return schema;
  const response: Record<string, object> = Object.fromEntries(
    Object.entries(schema.response as Record<string, object>).map(([code, s]) => [code, { ...s, headers: RATE_LIMIT_HEADERS }]),
  );
  response['429'] = {
    ...errorRef,
    description: 'Trop de requêtes\u00a0: réessayer après le délai de Retry-After.',
    headers: { ...RATE_LIMIT_HEADERS, 'Retry-After': counter('Secondes à attendre avant de réessayer') },
  };
  return { ...schema, response };
}

/** OpenAPI document of every route (from their schemas), browsable at /api/docs, JSON at /api/docs/json. */
export default fp(
  async (app) => {
    app.addSchema(errorBodySchema);
    // The routes refer to the error schema whether or not the document is published.
    if (!app.config.apiDocs) return;
    // Loaded only when the document is published (API_DOCS): a production server without it
    // does not hold them.
    const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([import('@fastify/swagger'), import('@fastify/swagger-ui')]);
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'Bilan Prévention API',
          description: 'Questionnaires de prévention par tranche d’âge, PDF et e-mails. Erreurs\u00a0: { code, message, error } et, s’il y a lieu, details.',
          version: '1.0.0',
        },
        servers: [{ url: app.config.publicUrl }],
        // One scheme per kind of token, so that a gateway can tell them apart; each operation
        // names the one its guard accepts (plugins/access.ts, from the access table).
        components: {
          securitySchemes: {
            patientToken: bearerScheme('Jeton patient, donné par POST /api/utilisateur/create\u00a0; refusé une fois le questionnaire envoyé.'),
            secondFactorToken: bearerScheme('Jeton temporaire entre le mot de passe (POST /api/auth/login) et le code reçu par e-mail.'),
            pharmacistToken: bearerScheme('Session d’un compte pharmacie, donnée par POST /api/auth/verify.'),
            adminToken: bearerScheme('Session d’un compte administrateur, donnée par POST /api/auth/verify.'),
          },
        },
      },
      refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
      transform: ({ schema, url, route }) => ({
        schema: withRateLimits(schema, app.config.rateLimit && Boolean((route.config as { rateLimit?: unknown } | undefined)?.rateLimit)),
        url,
      }),
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      // Served over plain http on a first run: an upgrade would break the page's own assets.
      transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;?/, ''),
      uiConfig: { docExpansion: 'list', deepLinking: false },
    });
  },
  { name: 'docs', dependencies: ['config'] },
);

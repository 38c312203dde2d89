import fp from 'fastify-plugin';
import type { FastifySchema } from 'fastify';
import { errorBodySchema } from '../errors';
import { errorRef } from '../schemas';

/** What every token of the API follows (RFC 8725, JWT best current practices), said in each scheme. */
const JWT_PRACTICE =
  'JWT selon la RFC8725\u00a0: algorithme HS256 imposé à la signature et à la vérification, expiration toujours vérifiée.';

/** A bearer JWT scheme: which token, and the practice every token follows. */
const bearerScheme = (which: string) =>
  ({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: `${which} ${JWT_PRACTICE}` }) as const;

const counter = (description: string) => ({
  type: 'integer',
  format: 'int32',
  minimum: 0,
  maximum: 1_000_000,
  description,
});

/** The headers @fastify/rate-limit sends with every answer of a limited route. */
const RATE_LIMIT_HEADERS = {
  'X-RateLimit-Limit': counter('Requêtes permises dans la fenêtre en cours'),
  'X-RateLimit-Remaining': counter('Requêtes restantes dans la fenêtre en cours'),
  'X-RateLimit-Reset': counter('Secondes avant la prochaine fenêtre'),
};

/**
 * For the document only (the routes' own schemas, which serialize the answers, are left as they
 * are): every route may answer 500 with the error body (plugins/errors.ts); every answer of a
 * rate-limited route names its limit headers, and its 429 is documented with Retry-After.
 */
function documentedResponses(schema: FastifySchema, limited: boolean): FastifySchema {
  if (typeof schema.response !== 'object' || schema.response === null) return schema;
  const response: Record<string, object> = { ...(schema.response as Record<string, object>) };
  response['500'] = {
    ...errorRef,
    description: 'Erreur du serveur (code internal_error), rien n’a été enregistré à moitié.',
  };
  if (!limited) return { ...schema, response };
  for (const [code, s] of Object.entries(response)) response[code] = { ...s, headers: RATE_LIMIT_HEADERS };
  response['429'] = {
    ...errorRef,
    description: 'Trop de requêtes\u00a0: réessayer après le délai de Retry-After.',
    headers: { ...RATE_LIMIT_HEADERS, 'Retry-After': counter('Secondes à attendre avant de réessayer') },
  };
  return { ...schema, response };
}

/**
 * A name a generated client can use, from the method and the path's words: GET /api/forms/:id →
 * getFormsById, POST /api/auth/check-invite → postAuthCheckInvite.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split(/[/.-]/)
    .filter(Boolean)
    .map((w) =>
      w.startsWith(':') ? `By${w.slice(1, 2).toUpperCase()}${w.slice(2)}` : w.slice(0, 1).toUpperCase() + w.slice(1),
    );
  return method.toLowerCase() + words.join('');
}

/** The operations' tags, in the document's order. */
const TAGS = [
  {
    name: 'patient',
    description: 'Le parcours du patient\u00a0: lien de la pharmacie, anti-robot, inscription, réponses, envoi.',
  },
  { name: 'e-mails', description: 'Messages envoyés à la pharmacie.' },
  { name: 'PDF', description: 'Questionnaire.pdf et Bilan.pdf à partir de réponses (démonstration sans compte).' },
  { name: 'démonstration', description: 'Le parcours de démonstration et l’écran de test.' },
  {
    name: 'comptes',
    description:
      'Comptes des pharmacies et des administrateurs\u00a0: connexion à deux facteurs, inscription sur invitation, mot de passe.',
  },
  { name: 'tableau de bord', description: 'Le tableau de bord d’une pharmacie\u00a0: ses questionnaires seulement.' },
  { name: 'administration', description: 'Invitations et chiffres mensuels.' },
  { name: 'public', description: 'État du service et configuration publique du site.' },
];

/** OpenAPI document of every route (from their schemas), browsable at /api/docs, JSON at /api/docs/json. */
export default fp(
  async (app) => {
    app.addSchema(errorBodySchema);
    // The routes refer to the error schema whether or not the document is published.
    if (!app.config.apiDocs) return;
    // Loaded only when the document is published (API_DOCS): a production server without it
    // does not hold them.
    const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([
      import('@fastify/swagger'),
      import('@fastify/swagger-ui'),
    ]);
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'Bilan Prévention API',
          description:
            'Questionnaires de prévention par tranche d’âge, PDF et e-mails. Erreurs\u00a0: { code, message, error } et, s’il y a lieu, details.',
          version: '1.0.0',
          // The product's own licence: the code and this document are not published for reuse.
          license: { name: 'Propriétaire', url: `${app.config.publicUrl.replace(/\/$/, '')}/mentions-legales` },
        },
        // The one public server of this installation: what PUBLIC_URL says (x-internal: a
        // gateway's inventory tells it from internal ones).
        servers: [
          {
            url: app.config.publicUrl,
            description: 'Production\u00a0: cette installation',
            ...{ 'x-internal': false },
          },
        ],
        tags: TAGS,
        // One scheme per kind of token, so that a gateway can tell them apart; each operation
        // names the one its guard accepts (plugins/access.ts, from the route's config.access).
        components: {
          securitySchemes: {
            patientToken: bearerScheme(
              'Jeton patient, donné par POST /api/utilisateur/create\u00a0; refusé une fois le questionnaire envoyé.',
            ),
            secondFactorToken: bearerScheme(
              'Jeton temporaire entre le mot de passe (POST /api/auth/login) et le code reçu par e-mail.',
            ),
            pharmacistToken: bearerScheme('Session d’un compte pharmacie, donnée par POST /api/auth/verify.'),
            adminToken: bearerScheme('Session d’un compte administrateur, donnée par POST /api/auth/verify.'),
            staffSession: {
              type: 'apiKey',
              in: 'cookie',
              name: 'bilan_session',
              description:
                'Session de l’application web (HttpOnly, SameSite=Strict), posée par POST /api/auth/verify quand l’appel porte l’en-tête X-Bilan-Client de valeur «\u00a0web\u00a0»\u00a0; les appels qui modifient quelque chose portent aussi cet en-tête.',
            },
          },
        },
      },
      refResolver: {
        buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`),
      },
      transform: ({ schema, url, route }) => ({
        schema: {
          operationId: operationIdOf(String(route.method), url),
          // With limits on, every API route has one: its own or the global one (plugins/security.ts).
          ...documentedResponses(
            schema,
            app.config.rateLimit && (route.config as { rateLimit?: unknown } | undefined)?.rateLimit !== false,
          ),
        },
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

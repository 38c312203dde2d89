import fp from 'fastify-plugin';
import { errorBodySchema } from '../errors';

/** What every token of the API follows (RFC 8725, JWT best current practices), said in each scheme. */
const JWT_PRACTICE = 'JWT selon la RFC 8725\u00a0: algorithme HS256 imposé à la signature et à la vérification, expiration toujours vérifiée.';

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
            patientToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: `Jeton patient, donné par POST /api/utilisateur/create\u00a0; refusé une fois le questionnaire envoyé. ${JWT_PRACTICE}` },
            secondFactorToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: `Jeton temporaire entre le mot de passe (POST /api/auth/login) et le code reçu par e-mail. ${JWT_PRACTICE}` },
            pharmacistToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: `Session d’un compte pharmacie, donnée par POST /api/auth/verify. ${JWT_PRACTICE}` },
            adminToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: `Session d’un compte administrateur, donnée par POST /api/auth/verify. ${JWT_PRACTICE}` },
          },
        },
      },
      refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
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

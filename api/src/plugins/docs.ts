import fp from 'fastify-plugin';
import { errorBodySchema } from '../errors';

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
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
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

import type { FastifyPluginAsync } from 'fastify';

const nullableString = { type: ['string', 'null'] } as const;

/** GET /api/public/site-config: legal facts (D21) and pricing amounts (D22) from configuration. */
const siteConfigRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/api/public/site-config',
    {
      schema: {
        tags: ['public'],
        summary: 'Mentions légales et tarifs configurés (null quand non renseignés)',
        response: {
          200: {
            type: 'object',
            required: ['legal', 'pricing'],
            properties: {
              legal: {
                type: 'object',
                properties: {
                  publisherName: nullableString,
                  publisherAddress: nullableString,
                  siret: nullableString,
                  director: nullableString,
                  hostName: nullableString,
                  hostAddress: nullableString,
                  contactEmail: nullableString,
                },
              },
              pricing: { type: 'object', properties: { standard: nullableString, pro: nullableString, proPlus: nullableString } },
            },
          },
        },
      },
    },
    async () => ({ legal: app.config.legal, pricing: app.config.pricing }),
  );
};

export default siteConfigRoutes;

import { errors, nullableText, pharmacyNameParams, publicPharmacySchema, type RoutesPlugin } from '../schemas';
import { apiError } from '../errors';

const siteConfigSchema = {
  type: 'object',
  required: ['legal', 'legalNoticePending', 'pricing', 'devTools'],
  properties: {
    legal: {
      type: 'object',
      properties: {
        publisherName: nullableText(500),
        publisherAddress: nullableText(500),
        siret: nullableText(500),
        director: nullableText(500),
        hostName: nullableText(500),
        hostAddress: nullableText(500),
        contactEmail: nullableText(500),
      },
    },
    /** A legal fact is missing: the server runs for its own machine only, and every page says so (D38). */
    legalNoticePending: { type: 'boolean' },
    pricing: {
      type: 'object',
      properties: { standard: nullableText(500), pro: nullableText(500), proPlus: nullableText(500) },
    },
    /** The developer test screens exist (DEV_TOOLS); the web shows "Page introuvable" otherwise. */
    devTools: { type: 'boolean' },
  },
} as const;

/** Public calls of the site: the pharmacy behind a patient link, legal facts and prices, health. */
const siteRoutes: RoutesPlugin = async (app) => {
  const service = app.siteService;

  app.get(
    '/api/clients/public/:clientName',
    {
      config: { access: 'public' },
      schema: {
        tags: ['patient'],
        summary: 'Pharmacie d’un lien patient',
        params: pharmacyNameParams,
        response: {
          200: { type: 'object', required: ['client'], properties: { client: publicPharmacySchema } },
          ...errors(400, 404),
        },
      },
    },
    async (request) => ({ client: await service.publicPharmacy(request.params.clientName) }),
  );

  app.get(
    '/api/public/site-config',
    {
      config: { access: 'public' },
      schema: {
        tags: ['public'],
        summary: 'Mentions légales et tarifs configurés (null quand non renseignés)',
        response: { 200: siteConfigSchema },
      },
    },
    async () => service.siteConfig(),
  );

  // For a load balancer or a supervisor: reads the database once.
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['public'],
        summary: 'État du service',
        response: {
          200: { type: 'object', required: ['status'], properties: { status: { type: 'string', enum: ['ok'] } } },
        },
      },
    },
    async () => service.health(),
  );

  // For a load balancer: whether this server can take answers now (liveness is /api/health).
  app.get(
    '/api/ready',
    {
      config: { access: 'public' },
      schema: {
        tags: ['public'],
        summary: 'Prêt à enregistrer\u00a0: base accessible en écriture, espace disque, dossier des PDF',
        response: {
          200: { type: 'object', required: ['status'], properties: { status: { type: 'string', enum: ['ready'] } } },
          ...errors(503),
        },
      },
    },
    async () => {
      const problems = await service.readinessProblems();
      const [first] = problems;
      if (first) {
        app.log.warn({ problems }, 'pas prêt');
        throw apiError(503, first.code, { problems });
      }
      return { status: 'ready' as const };
    },
  );
};

export default siteRoutes;

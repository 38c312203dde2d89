import type { FastifyPluginAsync } from 'fastify';

/** GET /api/health: for a load balancer or a supervisor; reads the database once. */
const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['public'],
        summary: 'État du service',
        response: { 200: { type: 'object', required: ['status'], properties: { status: { type: 'string', enum: ['ok'] } } } },
      },
    },
    async () => {
      app.sqlite.prepare('SELECT 1').get();
      return { status: 'ok' as const };
    },
  );
};

export default healthRoutes;

import type { FastifyPluginAsync } from 'fastify';
import { apiError } from '../errors';
import { clientNameParams, clientPublicSchema, errors } from './schemas';

/** The pharmacy behind a patient link: GET /api/clients/public/{clientName}. */
const clientsRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { clientName: string } }>(
    '/api/clients/public/:clientName',
    {
      schema: {
        tags: ['patient'],
        summary: 'Pharmacie d’un lien patient',
        params: clientNameParams,
        response: {
          200: { type: 'object', required: ['client'], properties: { client: clientPublicSchema } },
          ...errors(400, 404),
        },
      },
    },
    async (request) => {
      const client = await app.repos.clients.findByName(request.params.clientName);
      // Admin accounts and disabled pharmacies have no patient link.
      if (!client || client.role !== 'pharmacy' || client.disabledAt) throw apiError(404, 'client_not_found');
      return { client: { id: client.id, name: client.name, nom: client.nom } };
    },
  );
};

export default clientsRoutes;

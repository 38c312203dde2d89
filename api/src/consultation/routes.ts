import type { FastifyRequest } from 'fastify';
import { apiError } from '../errors';
import { allRequired, errors, integerSchema, pdfResponse, text, type RoutesPlugin } from '../schemas';
import { finalizeBody, planView, saveBody } from './schemas';
import type { Planner } from './service';
import type { PlanContent } from '@bilan/engine';

interface SaveBody {
  revision: number;
  content: PlanContent;
}

/** The pharmacy behind a request that passed the pharmacy guard, and its address. */
function plannerOf(request: FastifyRequest): Planner {
  if (!request.staff) throw apiError(401, 'unauthenticated');
  return { pharmacy: request.staff.account, ip: request.ip };
}

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 20 } },
} as const;
const tags = ['entretien'];

/** The consultation's plan of one submitted form: read, saved as typed, finalized. A pharmacy's session, own forms only. */
const consultationRoutes: RoutesPlugin = async (app) => {
  const service = app.consultationService;

  app.get(
    '/api/forms/:id/plan',
    {
      config: { access: 'pharmacy' },
      schema: {
        tags,
        summary: 'Entretien\u00a0: les points du bilan avec leurs actions, le plan et ses versions finalisées',
        params: idParams,
        response: { 200: planView, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply.header('Cache-Control', 'no-store').send(await service.read(plannerOf(request), request.params.id)),
  );

  app.put(
    '/api/forms/:id/plan',
    {
      config: { access: 'pharmacy' },
      // Three priorities and the notes at their limits, in accented French, are about 12 KB: room
      // for a text pasted too long, which planProblems then refuses in words rather than a 413.
      bodyLimit: 128 * 1024,
      schema: {
        tags,
        summary: 'Enregistre le plan tel que saisi (refusé en 409 si un autre appareil l’a enregistré depuis)',
        params: idParams,
        body: saveBody,
        response: {
          200: allRequired({ revision: integerSchema, updatedAt: text(32) }),
          ...errors(400, 401, 403, 404, 409),
        },
      },
    },
    // The body's type is the engine's PlanContent, which saveBody describes field by field; the
    // type provider gives up on its depth (unknown), so the checked body is named here.
    async (request) => service.save(plannerOf(request), request.params.id, request.body as SaveBody),
  );

  app.get(
    '/api/forms/:id/plan/pdf/:copy',
    {
      config: { access: 'pharmacy' },
      schema: {
        tags,
        summary: 'PPP - copie patient (patient) ou copie médecin (medecin) de la dernière version finalisée',
        params: {
          type: 'object',
          required: ['id', 'copy'],
          properties: { id: { type: 'string', maxLength: 20 }, copy: { type: 'string', maxLength: 20 } },
        },
        response: { 200: pdfResponse, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { filename, content } = await service.copy(plannerOf(request), request.params.id, request.params.copy);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="${filename}"`)
        .header('Cache-Control', 'no-store')
        .send(content);
    },
  );

  app.post(
    '/api/forms/:id/plan/finalize',
    {
      config: { access: 'pharmacy' },
      schema: {
        tags,
        summary: 'Finaliser le plan\u00a0: fige sa version (une modification ultérieure en fait une nouvelle)',
        params: idParams,
        body: finalizeBody,
        response: {
          200: allRequired({ version: integerSchema, finalizedAt: text(32) }),
          ...errors(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => service.finalize(plannerOf(request), request.params.id, request.body as { revision: number }),
  );
};

export default consultationRoutes;

import type { FastifyPluginAsync } from 'fastify';
import { apiError } from '../errors';
import { pharmacyNotification } from '../mail/messages';
import { loadRecord } from '../questionnaire/patientRecord';
import { bearer, clientNameParams, errors } from './schemas';

/**
 * POST /api/email/{clientName}/send-email: tells the patient's pharmacy again that the bilan is
 * ready (D15: no health data in the e-mail). Only for a submitted questionnaire of that pharmacy.
 */
const emailRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Params: { clientName: string } }>(
    '/api/email/:clientName/send-email',
    {
      onRequest: app.requirePatient,
      bodyLimit: 256 * 1024,
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: {
        tags: ['email'],
        summary: 'Prévient la pharmacie qu’un bilan est prêt (sans donnée de santé)',
        security: bearer,
        params: clientNameParams,
        response: {
          202: { type: 'object', required: ['status'], properties: { status: { type: 'string', enum: ['queued'] } } },
          ...errors(401, 403, 409, 429),
        },
      },
    },
    async (request, reply) => {
      const r = await loadRecord(app.repos, request.patientId as number);
      if (!r) throw apiError(401, 'session_expired');
      if (r.client.name !== request.params.clientName) throw apiError(403, 'forbidden');
      if (r.answerSet.status !== 'submitted' || !r.answerSet.submittedAt) throw apiError(409, 'not_submitted');
      await app.mailer.enqueue(
        pharmacyNotification({ pharmacy: r.client, patient: r.patient, submittedAt: new Date(r.answerSet.submittedAt), publicUrl: app.config.publicUrl }),
      );
      return reply.code(202).send({ status: 'queued' });
    },
  );
};

export default emailRoutes;

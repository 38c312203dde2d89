import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { apiError } from '../errors';
import type { PdfInput } from '../pdf/types';
import { demoAnswers } from '../questionnaire/demoAnswers';
import { loadRecord, recordPdfInput } from '../questionnaire/patientRecord';
import { answersSchema, bearer, errors, pdfResponse } from './schemas';

interface PdfBody {
  responses?: Record<string, unknown>;
  ageGroup?: string;
}

type Kind = 'questionnaire' | 'bilan';

const fileNames: Record<Kind, string> = { questionnaire: 'Questionnaire.pdf', bilan: 'Bilan.pdf' };

/**
 * POST /api/pdf/fill-pdf (Questionnaire.pdf) and /api/pdf/generate-bilan (Bilan.pdf).
 * With a patient token: that patient's stored answers (the stored PDF once submitted); the body is
 * ignored, so a token never reaches another record. Without a token: a demo PDF from
 * `{ responses, ageGroup }`.
 */
const pdfRoutes: FastifyPluginAsync = async (app) => {
  async function produce(kind: Kind, request: FastifyRequest<{ Body: PdfBody | undefined }>, reply: FastifyReply) {
    let pdf: Buffer;
    if (request.headers.authorization) {
      await app.requirePatient(request, reply);
      const r = await loadRecord(app.repos, request.patientId as number);
      if (!r) throw apiError(401, 'session_expired');
      const stored = r.answerSet.status === 'submitted' ? await app.repos.documents.find(r.answerSet.id, kind) : undefined;
      pdf = stored ? stored.content : await app.pdf[kind](recordPdfInput(r, app.clock()));
    } else {
      const body = request.body ?? {};
      const { definition, answers } = demoAnswers(body.ageGroup, body.responses);
      const input: PdfInput = { definition, answers, patient: null, pharmacy: null, date: app.clock() };
      pdf = await app.pdf[kind](input);
    }
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${fileNames[kind]}"`).send(pdf);
  }

  const schema = (summary: string) => ({
    tags: ['pdf'],
    summary,
    security: [...bearer, {}],
    body: {
      type: 'object',
      properties: { responses: answersSchema, ageGroup: { type: 'string', maxLength: 16 } },
    },
    response: { 200: pdfResponse, ...errors(400, 401, 413, 422, 429) },
  });
  const options = {
    bodyLimit: 256 * 1024,
    // The patient call may come without a body: validate it as an empty object.
    preValidation: async (request: FastifyRequest<{ Body: PdfBody | undefined }>) => {
      request.body ??= {};
    },
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
  };

  app.post<{ Body: PdfBody | undefined }>('/api/pdf/fill-pdf', { ...options, schema: schema('Questionnaire rempli (Questionnaire.pdf)') }, (request, reply) =>
    produce('questionnaire', request, reply),
  );
  app.post<{ Body: PdfBody | undefined }>('/api/pdf/generate-bilan', { ...options, schema: schema('Bilan de prévention (Bilan.pdf)') }, (request, reply) =>
    produce('bilan', request, reply),
  );
};

export default pdfRoutes;

import type { FastifyRequest } from 'fastify';
import { answersSchema, errors, pdfResponse, type RoutesPlugin } from '../schemas';
import type { PdfKind } from './service';

const fileNames: Record<PdfKind, string> = { questionnaire: 'Questionnaire.pdf', bilan: 'Bilan.pdf' };

const pdfBodySchema = {
  type: 'object',
  properties: { responses: answersSchema, ageGroup: { type: ['string', 'null'], maxLength: 16 } },
} as const;

const schema = (summary: string) => ({
  tags: ['PDF'],
  summary,
  // Open: a patient's call may send its whole record (the spec's client does), ignored with a token.
  body: pdfBodySchema,
  response: { 200: pdfResponse, ...errors(400, 401, 413, 422, 429) },
});

/**
 * POST /api/pdf/fill-pdf (Questionnaire.pdf) and /api/pdf/generate-bilan (Bilan.pdf).
 * With a token, which must be a patient token (plugins/access.ts: patient-or-dev-tools): that patient's stored
 * answers, the body ignored, so a token never reaches another record. Without a token: a demo PDF
 * from `{ responses, ageGroup }`, for the developer test screen only (DEV_TOOLS).
 */
const reportsRoutes: RoutesPlugin = async (app) => {
  const service = app.reportsService;

  const options = {
    bodyLimit: 256 * 1024,
    // The patient call may come without a body: validate it as an empty object.
    preValidation: async (request: FastifyRequest) => {
      request.body ??= {};
    },
    config: { access: 'patient-or-dev-tools', rateLimit: { max: 30, timeWindow: '1 minute' } },
  } as const;

  for (const [path, kind, summary] of [
    ['/api/pdf/fill-pdf', 'questionnaire', 'Questionnaire rempli (Questionnaire.pdf)'],
    ['/api/pdf/generate-bilan', 'bilan', 'Bilan de prévention (Bilan.pdf)'],
  ] as const) {
    app.post(path, { ...options, schema: schema(summary) }, async (request, reply) => {
      const body = request.body ?? {};
      const pdf =
        request.patientId !== undefined
          ? await service.patientPdf(kind, request.patientId)
          : await service.demoPdf(kind, body.ageGroup, body.responses);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileNames[kind]}"`)
        .send(pdf);
    });
  }
};

export default reportsRoutes;

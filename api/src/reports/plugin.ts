import fp from 'fastify-plugin';
import { pdfService, type PdfService } from './pdfService';

declare module 'fastify' {
  interface FastifyInstance {
    /** Questionnaire.pdf and Bilan.pdf renderers, returning Buffers. */
    pdf: PdfService;
  }
}

export default fp(
  async (app) => {
    app.decorate('pdf', pdfService);
  },
  { name: 'pdf' },
);

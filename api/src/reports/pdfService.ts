import { buildBilanDocDefinition } from './bilanPdf';
import { buildQuestionnaireDocDefinition } from './questionnairePdf';
import { ApiError, errorMessages } from '../errors';
import { renderPdf } from './render';
import type { PdfInput } from './types';

/** The two PDFs of a submission, as buffers. */
export const pdfService = {
  questionnaire: (input: PdfInput): Promise<Buffer> => renderPdf(buildQuestionnaireDocDefinition(input)),
  bilan: (input: PdfInput): Promise<Buffer> => renderPdf(buildBilanDocDefinition(input)),
  async both(input: PdfInput): Promise<{ questionnaire: Buffer; bilan: Buffer }> {
    try {
      // Both documents are built before either render is queued, so the two renders sit next to
      // each other in the render queue: a submission's PDFs are served back to back instead of
      // each waiting its own turn behind other submissions.
      const questionnaireDoc = buildQuestionnaireDocDefinition(input);
      const bilanDoc = buildBilanDocDefinition(input);
      const [questionnaire, bilan] = await Promise.all([renderPdf(questionnaireDoc), renderPdf(bilanDoc)]);
      return { questionnaire, bilan };
    } catch (err) {
      // Nothing is stored when a PDF cannot be produced: the caller answers 500 pdf_failed.
      throw new ApiError(500, 'pdf_failed', errorMessages.pdf_failed, undefined, undefined, { cause: err });
    }
  },
};

export type PdfService = typeof pdfService;

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
      const [questionnaire, bilan] = await Promise.all([this.questionnaire(input), this.bilan(input)]);
      return { questionnaire, bilan };
    } catch (err) {
      // Nothing is stored when a PDF cannot be produced: the caller answers 500 pdf_failed.
      throw new ApiError(500, 'pdf_failed', errorMessages.pdf_failed, undefined, undefined, { cause: err });
    }
  },
};

export type PdfService = typeof pdfService;

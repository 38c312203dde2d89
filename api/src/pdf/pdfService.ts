import { buildBilanDocDefinition } from './bilanPdf';
import { buildQuestionnaireDocDefinition } from './questionnairePdf';
import { renderPdf } from './render';
import type { PdfInput } from './types';

/** The two PDFs of a submission, as buffers. */
export const pdfService = {
  questionnaire: (input: PdfInput): Promise<Buffer> => renderPdf(buildQuestionnaireDocDefinition(input)),
  bilan: (input: PdfInput): Promise<Buffer> => renderPdf(buildBilanDocDefinition(input)),
  async both(input: PdfInput): Promise<{ questionnaire: Buffer; bilan: Buffer }> {
    const [questionnaire, bilan] = await Promise.all([this.questionnaire(input), this.bilan(input)]);
    return { questionnaire, bilan };
  },
};

export type PdfService = typeof pdfService;

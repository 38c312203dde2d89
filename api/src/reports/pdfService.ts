import { ApiError, errorMessages } from '../errors';
import { renderInPool } from './renderPool';
import type { PdfInput } from './types';

/** The two PDFs of a submission, as buffers, rendered in the worker threads of renderPool.ts. */
export const pdfService = {
  questionnaire: (input: PdfInput): Promise<Buffer> => renderInPool({ kind: 'questionnaire', input }),
  bilan: (input: PdfInput): Promise<Buffer> => renderInPool({ kind: 'bilan', input }),
  async both(input: PdfInput): Promise<{ questionnaire: Buffer; bilan: Buffer }> {
    try {
      // Queued together, so a submission's two PDFs are rendered one right after the other.
      const [questionnaire, bilan] = await Promise.all([
        renderInPool({ kind: 'questionnaire', input }),
        renderInPool({ kind: 'bilan', input }),
      ]);
      return { questionnaire, bilan };
    } catch (err) {
      // Nothing is stored when a PDF cannot be produced: the caller answers 500 pdf_failed.
      throw new ApiError(500, 'pdf_failed', errorMessages.pdf_failed, undefined, undefined, { cause: err });
    }
  },
};

export type PdfService = typeof pdfService;

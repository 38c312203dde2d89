import type { FastifyInstance } from 'fastify';
import { normalize } from '@bilan/engine';
import { apiError } from '../errors';
import { pdfInputOf, type FindRecord } from './pdfInput';
import { demoAnswers } from '../questionnaire/answers';

export type PdfKind = 'questionnaire' | 'bilan';

/** The PDFs asked for outside the finishing call: a patient's own, or a demo's. */
export function reportsService(app: FastifyInstance, findRecord: FindRecord) {
  return {
    /**
     * The PDF of a patient's own form in progress (the patient guard refuses a finished one),
     * rendered from the stored answers replayed once as a whole (conditions cross pages).
     */
    async patientPdf(kind: PdfKind, patientId: number): Promise<Buffer> {
      const r = await findRecord(patientId);
      if (!r) throw apiError(401, 'session_expired');
      return app.pdfRenderer[kind](pdfInputOf(r, normalize(r.definition, r.form.answers).answers, app.clock()));
    },

    /** A stored PDF with its bytes (an e-mail's attachment by reference). */
    storedDocument: (id: number) => app.reportsRepository.findById(id),

    /** A demo PDF from `{ responses, ageGroup }`: no patient, no pharmacy. */
    async demoPdf(kind: PdfKind, band: unknown, answers: unknown): Promise<Buffer> {
      const demo = await demoAnswers(band, answers);
      return app.pdfRenderer[kind]({
        definition: demo.definition,
        answers: demo.answers,
        patient: null,
        pharmacy: null,
        date: app.clock(),
      });
    },
  };
}

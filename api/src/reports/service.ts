import type { FastifyInstance } from 'fastify';
import { normalize } from '@bilan/engine';
import { apiError } from '../errors';
import { loadRecord, pdfInputOf } from '../patient/record';
import { demoAnswers } from '../questionnaire/answers';

export type PdfKind = 'questionnaire' | 'bilan';

/** The PDFs asked for outside the finishing call: a patient's own, or a demo's. */
export function reportsService(app: FastifyInstance) {
  return {
    /**
     * The PDF of a patient's own form in progress (the patient guard refuses a finished one),
     * rendered from the stored answers replayed once as a whole (conditions cross pages).
     */
    async patientPdf(kind: PdfKind, patientId: number): Promise<Buffer> {
      const r = await loadRecord(app.repos, patientId);
      if (!r) throw apiError(401, 'session_expired');
      return app.pdf[kind](pdfInputOf(r, normalize(r.definition, r.form.answers).answers, app.clock()));
    },

    /** A demo PDF from `{ responses, ageGroup }`: no patient, no pharmacy. */
    async demoPdf(kind: PdfKind, band: unknown, answers: unknown): Promise<Buffer> {
      const demo = await demoAnswers(band, answers);
      return app.pdf[kind]({
        definition: demo.definition,
        answers: demo.answers,
        patient: null,
        pharmacy: null,
        date: app.clock(),
      });
    },
  };
}

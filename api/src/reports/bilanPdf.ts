import { reportOf, type Report } from '@bilan/engine';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { reportDocDefinition } from './reportDocDefinition';
import type { PdfInput } from './types';

/**
 * The assessment report of the PDF's record, as Bilan.pdf prints it; the dashboard counts its
 * priority findings with the same `reportOf`, so the two never disagree.
 */
function bilanReport(input: PdfInput): Report {
  return reportOf(input);
}

/**
 * Bilan.pdf: the personalised prevention plan (D20) laid out from the engine's assessment report:
 * priorities first, findings by theme with advice and source, scores, what is due, the patient's
 * own topics, and room for the objectives, notes and signature.
 */
export function buildBilanDocDefinition(input: PdfInput): TDocumentDefinitions {
  return reportDocDefinition(bilanReport(input), input);
}

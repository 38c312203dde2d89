// A worker thread of the render pool (renderPool.ts): builds a document from its input and lays
// it out with pdfmake, off the server's event loop. pdfmake, its fonts and the definitions stay
// loaded between documents.
import { buildBilanDocDefinition } from './bilanPdf';
import { buildQuestionnaireDocDefinition } from './questionnairePdf';
import { renderPdf } from './render';
import type { PdfInput } from './types';

export interface RenderTask {
  kind: 'questionnaire' | 'bilan';
  input: PdfInput;
}

/** The bytes of one PDF; transferred back to the server's thread without a copy. */
export default async function render(task: RenderTask): Promise<Uint8Array> {
  const doc = task.kind === 'bilan' ? buildBilanDocDefinition(task.input) : buildQuestionnaireDocDefinition(task.input);
  return new Uint8Array(await renderPdf(doc));
}

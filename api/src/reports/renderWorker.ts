// A worker thread of the render pool (renderPool.ts): builds a document from its input and lays
// it out with pdfmake, off the server's event loop. pdfmake, its fonts and the definitions stay
// loaded between documents.
import type { Definition } from '@bilan/engine';
import { findDefinition } from '../questionnaire/definitions';
import { buildBilanDocDefinition } from './bilanPdf';
import { buildQuestionnaireDocDefinition } from './questionnairePdf';
import { renderPdf } from './render';
import type { PdfInput } from './types';

/**
 * A PdfInput as it crosses to the worker: a published version by its id and version (the worker
 * has the same registry: no copy of the definition per document, and the engine's caches, keyed
 * by the definition, serve every document of that version), any other definition whole (a draft
 * in the preview).
 */
export type WireInput = Omit<PdfInput, 'definition'> &
  ({ definition: Definition } | { definitionRef: { id: string; version: string } });

export interface RenderTask {
  kind: 'questionnaire' | 'bilan';
  input: WireInput;
}

function inputOf(wire: WireInput): PdfInput {
  if ('definition' in wire) return wire;
  const { definitionRef, ...rest } = wire;
  const definition = findDefinition(definitionRef.id, definitionRef.version);
  if (!definition) throw new Error(`no definition ${definitionRef.id}@${definitionRef.version} in the render worker`);
  return { ...rest, definition };
}

/** The bytes of one PDF; transferred back to the server's thread without a copy. */
export default async function render(task: RenderTask): Promise<Uint8Array> {
  const input = inputOf(task.input);
  const doc = task.kind === 'bilan' ? buildBilanDocDefinition(input) : buildQuestionnaireDocDefinition(input);
  return new Uint8Array(await renderPdf(doc));
}

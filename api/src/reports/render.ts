import { createRequire } from 'node:module';
import { resolve, sep } from 'node:path';
import type * as PdfMake from 'pdfmake';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { createFifoQueue } from './fifoQueue';
import { fonts, fontsDir } from './fonts';

let loaded: typeof PdfMake | undefined;

/**
 * pdfmake, loaded on the first render: about 23 MB that an idle server (which renders its
 * questionnaires in worker threads) does not hold. pdfmake 0.3 exports a CommonJS singleton
 * (`module.exports = new pdfmake()`), whose methods an ES import namespace would not expose:
 * require it.
 */
function pdfmake(): typeof PdfMake {
  if (loaded) return loaded;
  const engine = createRequire(import.meta.url)('pdfmake') as typeof PdfMake;
  const allowedRoot = resolve(fontsDir) + sep;
  engine.setFonts(fonts);
  // Documents are built from answers typed by patients: no URL is ever fetched and no file but the
  // fonts is ever read, whatever a text might contain.
  engine.setUrlAccessPolicy(() => false);
  engine.setLocalAccessPolicy((path) => resolve(path).startsWith(allowedRoot));
  loaded = engine;
  return engine;
}

/**
 * How many renders may be under way at once. A render is about 80 ms of CPU on the event loop
 * (layout, font subsetting, compression) with no real pause inside: a second one at the same time
 * would only share the same thread. More than 1 brings nothing while renders stay in process.
 */
const RENDER_CONCURRENCY = 1;

/**
 * Renders start in arrival order, and each one on a later turn of the event loop
 * (setImmediate), never straight after the previous one. The finishing call spends most of its
 * time here, so without that pause the loop goes from render to render and reads the waiting
 * sockets only now and then, in no particular order: under load (10 patients at once) some calls
 * waited 10 s while later ones went through. With the pause, every request already received
 * runs up to its own render and takes its place in the queue; the two PDFs of a submission, queued
 * together, are still rendered one right after the other.
 */
const renders = createFifoQueue(RENDER_CONCURRENCY, (start) => setImmediate(start));

/**
 * Renders a pdfmake document definition to the bytes of a PDF, after the renders queued before
 * it. A render that fails rejects its own promise and lets the next one start.
 */
/** The renders under way and waiting, for the metrics. */
export function renderQueue(): { running: number; waiting: number } {
  return { running: renders.running, waiting: renders.waiting };
}

export function renderPdf(doc: TDocumentDefinitions): Promise<Buffer> {
  return renders.run(() => pdfmake().createPdf(doc).getBuffer());
}

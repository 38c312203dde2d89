import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type * as PdfMake from 'pdfmake';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import pLimit from 'p-limit';
import { visibleStrings } from '../shared/text/visibleText';
import { fonts } from './fonts';
import { drawLinesByRuns } from './lineRuns';
import { lighterStyleLookups } from './styleLookups';
import { shareWordLayouts } from './wordLayouts';
import { TrueTypeSubset, trueTypeSource, type TrueTypeSource } from './trueTypeSubset';

let loaded: typeof PdfMake | undefined;

/** pdfmake's in-memory files (its `virtualfs`, which its type definitions leave out). */
interface VirtualFiles {
  writeFileSync(name: string, content: Buffer): void;
}

/** The parts of fontkit's font and glyph run used here. */
interface GlyphRun {
  positions: object[];
}
interface FontkitFont {
  layout(text: string, ...options: unknown[]): GlyphRun;
}
interface Fontkit {
  create(buffer: Uint8Array, postscriptName?: string): FontkitFont;
}

/**
 * Words whose shaping is kept, per font (the two PDFs of a form use about 800): beyond, the cache
 * starts again, since free texts bring new words forever. A few megabytes, in a worker thread
 * that stops when idle.
 */
const MAX_SHAPED_WORDS = 5_000;

/**
 * The font with its shaping (fontkit's `layout`, which pdfkit calls word by word) remembered across
 * documents: the same words come back in every questionnaire. pdfkit scales the positions it is
 * given in place, so each call gets its own copy of them.
 */
function withSharedShaping(font: FontkitFont): FontkitFont {
  const layout = font.layout.bind(font);
  const runs = new Map<string, GlyphRun>();
  font.layout = (text: string, ...options: unknown[]) => {
    // Only the default features are remembered: what pdfkit asks for its word-by-word layout.
    if (options.some((o) => o !== undefined)) return layout(text, ...options);
    let run = runs.get(text);
    if (!run) {
      if (runs.size >= MAX_SHAPED_WORDS) runs.clear();
      run = layout(text);
      runs.set(text, run);
    }
    const copy: GlyphRun = Object.assign(Object.create(Object.getPrototypeOf(run) as object) as GlyphRun, run);
    copy.positions = run.positions.map((p) =>
      Object.assign(Object.create(Object.getPrototypeOf(p) as object) as object, p),
    );
    return copy;
  };
  return font;
}

/**
 * fontkit parses a font file's tables (cmap, GSUB, GPOS…) again for every document pdfkit
 * opens, and shapes every word again: more than half of a render's CPU in a profile. pdfkit
 * calls `fontkit.create` through the module object it required, so, before pdfkit loads, that
 * module's exports are replaced by a copy whose `create` gives back the font already parsed from
 * the same bytes (the fonts are handed to pdfmake once, as buffers: see pdfmake() below, so the
 * same bytes are the same buffer). pdfkit only reads a font (it subsets a copy for each
 * document), and renders in one thread run one after the other. The subset of each document is
 * written by trueTypeSubset.ts from the tables read once, not by fontkit's subsetter.
 */
function shareParsedFonts(load: NodeJS.Require, sharedFonts: WeakSet<object>): void {
  const pdfkitPath = load.resolve('pdfkit', { paths: [dirname(load.resolve('pdfmake'))] });
  const fontkitPath = createRequire(pdfkitPath).resolve('fontkit');
  const fontkit = load(fontkitPath) as Fontkit;
  const cached = load.cache[fontkitPath];
  if (!cached) return;
  const parsed = new WeakMap<Uint8Array, Map<string, { font: FontkitFont; source: TrueTypeSource | null }>>();
  cached.exports = {
    ...fontkit,
    create(buffer: Uint8Array, postscriptName?: string) {
      let byName = parsed.get(buffer);
      if (!byName) parsed.set(buffer, (byName = new Map()));
      let shared = byName.get(postscriptName ?? '');
      if (shared === undefined) {
        shared = { font: withSharedShaping(fontkit.create(buffer, postscriptName)), source: trueTypeSource(buffer) };
        sharedFonts.add(shared.font);
        byName.set(postscriptName ?? '', shared);
      }
      // Each document gets its own glyph cache over the shared tables: the subsetter of a
      // document asks for the parts of composite glyphs (the period of a colon, say) as glyphs of
      // their own, with no characters, and a glyph first made that way would print its
      // characters as nothing in every later document's text layer.
      const font = Object.assign(Object.create(shared.font) as FontkitFont, { _glyphs: {} });
      const { source } = shared;
      if (source) Object.assign(font, { createSubset: () => new TrueTypeSubset(source) });
      return font;
    },
  };
}

/**
 * pdfmake, loaded on the first render: about 23 MB that an idle server (which renders its
 * questionnaires in worker threads) does not hold. pdfmake 0.3 exports a CommonJS singleton
 * (`module.exports = new pdfmake()`), whose methods an ES import namespace would not expose:
 * require it.
 */
function pdfmake(): typeof PdfMake {
  if (loaded) return loaded;
  const load = createRequire(import.meta.url);
  const sharedFonts = new WeakSet<object>();
  shareParsedFonts(load, sharedFonts);
  const engine = load('pdfmake') as typeof PdfMake & { virtualfs: VirtualFiles };
  drawLinesByRuns(load);
  lighterStyleLookups(load);
  shareWordLayouts(load, sharedFonts, MAX_SHAPED_WORDS);
  // Each font file is read once and given to pdfmake as a file of its own: every document then
  // gets the same buffer, which shareParsedFonts recognises without reading or hashing its bytes.
  const inMemory = Object.fromEntries(
    Object.entries(fonts).map(([family, styles]) => [
      family,
      Object.fromEntries(
        Object.entries(styles).map(([style, path]) => {
          const name = `${family}-${style}.ttf`;
          engine.virtualfs.writeFileSync(name, readFileSync(path));
          return [style, name];
        }),
      ),
    ]),
  );
  engine.setFonts(inMemory);
  // Documents are built from answers typed by patients: no URL is ever fetched and no file is
  // ever read from the disk, whatever a text might contain.
  engine.setUrlAccessPolicy(() => false);
  engine.setLocalAccessPolicy(() => false);
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
 * Renders start in arrival order (p-limit's queue is first in, first out), and each one on a
 * later turn of the event loop (setImmediate), never straight after the previous one. The finishing call spends most of its
 * time here, so without that pause the loop goes from render to render and reads the waiting
 * sockets only now and then, in no particular order: under load (10 patients at once) some calls
 * waited 10 s while later ones went through. With the pause, every request already received
 * runs up to its own render and takes its place in the queue; the two PDFs of a submission, queued
 * together, are still rendered one right after the other.
 */
const renders = pLimit(RENDER_CONCURRENCY);
/** Its slot taken, a render waits for the next turn of the event loop, then runs. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The renders under way and waiting, for the metrics. */
export function renderQueue(): { running: number; waiting: number } {
  return { running: renders.activeCount, waiting: renders.pendingCount };
}

/**
 * Renders a pdfmake document definition to the bytes of a PDF, after the renders queued before
 * it. A render that fails rejects its own promise and lets the next one start. Every text of the
 * document is written without invisible format characters (text/visibleText.ts), whatever a
 * stored row holds.
 */
export function renderPdf(doc: TDocumentDefinitions): Promise<Buffer> {
  return renders(async () => {
    await nextTurn();
    return pdfmake().createPdf(visibleStrings(doc)).getBuffer();
  });
}

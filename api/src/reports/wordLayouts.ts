import { dirname, join } from 'node:path';

/** A text laid out by pdfkit: its glyphs and their positions (none when only the width was asked). */
interface Layout {
  glyphs: unknown[] | null;
  positions: unknown[] | null;
  advanceWidth: number;
}

/** pdfkit's font as pdfmake hands it out: the fontkit font and its words laid out, in font units. */
interface EmbeddedFont {
  font: object;
  layoutCache?: Record<string, unknown>;
  layout(text: string, features?: unknown, onlyWidth?: boolean): Layout;
}
interface PdfmakeDocument {
  prototype: { provideFont(this: unknown, family: string, bold: boolean, italics: boolean): EmbeddedFont };
}

/** What the documents share of one font's layouts. */
interface Shared {
  /** pdfkit's own cache: each word's glyphs and scaled positions. */
  words: Record<string, unknown>;
  /** Whole texts (a measured word, a drawn run of words) laid out, and their widths alone. */
  texts: Map<string, Layout>;
  widths: Map<string, Layout>;
}

const fresh = (): Shared => ({ words: Object.create(null) as Shared['words'], texts: new Map(), widths: new Map() });

/**
 * pdfkit lays out each text it measures or draws word by word, once per document and font,
 * splitting it at spaces character by character and joining the words' glyph lists, then only
 * reads the layout: every document laid the same words out again, and joined them again at
 * every call. For the fonts parsed once (render.ts), the words' layouts (pdfkit's `layoutCache`)
 * and whole texts' layouts and widths are kept across documents instead, started again beyond
 * `limit` entries. Layouts asked with OpenType features are not kept (pdfkit keeps none either).
 */
export function shareWordLayouts(load: NodeJS.Require, sharedFonts: WeakSet<object>, limit: number): void {
  const path = join(dirname(load.resolve('pdfmake')), 'PDFDocument.js');
  const document = (load(path) as { default: PdfmakeDocument }).default;
  const byFont = new WeakMap<object, Shared>();
  const seen = new WeakSet<EmbeddedFont>();
  const provideFont = document.prototype.provideFont;
  document.prototype.provideFont = function (family: string, bold: boolean, italics: boolean) {
    const embedded = provideFont.call(this, family, bold, italics);
    if (seen.has(embedded)) return embedded;
    seen.add(embedded);
    const parsed = Object.getPrototypeOf(embedded.font) as object | null;
    if (!embedded.layoutCache || !parsed || !sharedFonts.has(parsed)) return embedded;
    let shared = byFont.get(parsed);
    if (!shared || shared.texts.size + shared.widths.size >= limit || Object.keys(shared.words).length >= limit)
      byFont.set(parsed, (shared = fresh()));
    const { texts, widths } = shared;
    embedded.layoutCache = shared.words;
    const layout = embedded.layout.bind(embedded);
    embedded.layout = (text, features, onlyWidth) => {
      if (features) return layout(text, features, onlyWidth);
      const kept = onlyWidth ? widths : texts;
      let found = kept.get(text);
      if (!found) kept.set(text, (found = layout(text, undefined, onlyWidth)));
      return found;
    };
    return embedded;
  };
}

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderPdf } from './render';
import { TrueTypeSubset, trueTypeSource } from './trueTypeSubset';

interface Glyph {
  id: number;
  advanceWidth: number;
  path: { toSVG(): string };
}
interface Font {
  numGlyphs: number;
  layout(text: string): { glyphs: Glyph[] };
  getGlyph(id: number): Glyph;
}

// The fontkit pdfkit uses, to read back what the subsetter wrote.
const load = createRequire(import.meta.url);
const fontkit = createRequire(createRequire(load.resolve('pdfmake')).resolve('pdfkit'))('fontkit') as {
  create(buffer: Uint8Array): Font;
};
const fontsDir = join(dirname(load.resolve('pdfmake/fonts/Roboto.js')), 'Roboto');
const FILES = ['Roboto-Regular.ttf', 'Roboto-Medium.ttf', 'Roboto-Italic.ttf', 'Roboto-MediumItalic.ttf'];
// Accented letters and French punctuation: in Roboto, many are composites of two glyphs.
const TEXT = 'Zoé Lefèvre, ÉTAPE « 6 h » : œuvre à l’âge de 72 ans ; Çà et là ! ÀÂÎÔÛËÏÜŸ 0123456789 €';

describe('the TrueType subset of a document', () => {
  for (const file of FILES) {
    it(`draws every glyph as the whole font does (${file})`, () => {
      const bytes = readFileSync(join(fontsDir, file));
      const whole = fontkit.create(bytes);
      const source = trueTypeSource(bytes);
      if (!source) throw new Error('Roboto should read as TrueType');
      const subset = new TrueTypeSubset(source);
      const used = whole.layout(TEXT).glyphs.map((g) => ({ original: g.id, inSubset: subset.includeGlyph(g.id) }));
      const read = fontkit.create(subset.encode());
      // Glyph 0 and the parts of the composites are in it too.
      expect(read.numGlyphs).toBe(subset.glyphs.length);
      expect(read.numGlyphs).toBeGreaterThan(new Set(used.map((u) => u.original)).size);
      subset.glyphs.forEach((original, inSubset) => {
        const mine = read.getGlyph(inSubset);
        const theirs = whole.getGlyph(original);
        expect(mine.advanceWidth, `glyph ${original}`).toBe(theirs.advanceWidth);
        expect(mine.path.toSVG(), `glyph ${original}`).toBe(theirs.path.toSVG());
      });
      expect(used.every((u) => subset.glyphs[u.inSubset] === u.original)).toBe(true);
    });
  }

  it('gives PDFs that a PDF reader renders without a font error', async () => {
    const pdf = await renderPdf({
      content: [
        { text: TEXT },
        { text: TEXT, bold: true },
        { text: TEXT, italics: true },
        { text: TEXT, bold: true, italics: true },
      ],
    });
    const dir = mkdtempSync(join(tmpdir(), 'subset-'));
    try {
      writeFileSync(join(dir, 'doc.pdf'), pdf);
      const fonts = spawnSync('pdffonts', [join(dir, 'doc.pdf')], { encoding: 'utf8' });
      expect(fonts.stdout.match(/Roboto/g)).toHaveLength(4);
      const drawn = spawnSync('pdftoppm', ['-r', '30', '-png', join(dir, 'doc.pdf'), join(dir, 'page')], {
        encoding: 'utf8',
      });
      expect(drawn.status).toBe(0);
      expect(drawn.stderr).toBe('');
      const text = spawnSync('pdftotext', ['-layout', join(dir, 'doc.pdf'), '-'], { encoding: 'utf8' }).stdout;
      expect(text.split(TEXT.slice(0, 20)).length - 1).toBe(4);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

import { describe, expect, it } from 'vitest';
import { renderPdf } from './render';

/**
 * A document's drawing operators (page streams uncompressed): the font sizes (`Tf`) and fill
 * colours (`scn`) each text was drawn with, in order.
 */
async function drawn(doc: Parameters<typeof renderPdf>[0]): Promise<string[]> {
  const pdf = (await renderPdf({ ...doc, compress: false })).toString('latin1');
  return [...pdf.matchAll(/([\d.]+ [\d.]+ [\d.]+) scn|\/F\d+ ([\d.]+) Tf/g)].map(([, rg, tf]) =>
    rg ? `rgb ${rg}` : `Tf ${tf}`,
  );
}

describe('style lookups', () => {
  it('resolve as pdfmake documents them: own value, style names from the last, extends, the stack, the default', async () => {
    const ops = await drawn({
      defaultStyle: { font: 'Roboto', fontSize: 9, color: '#000000' },
      styles: {
        base: { fontSize: 14, color: '#ff0000' },
        child: { extends: 'base', color: '#00ff00' },
        loop: { extends: 'loop' },
        big: { fontSize: 20 },
      },
      content: [
        'défaut',
        { text: 'nommé', style: 'base' },
        { text: 'hérité', style: 'child' },
        { text: 'dernier nom', style: ['big', 'child'] },
        { text: 'propre', style: 'child', fontSize: 11 },
        { text: 'boucle', style: 'loop' },
        { stack: [{ text: 'pile' }, { text: ['dedans ', { text: 'mot', color: '#0000ff' }] }], style: 'big' },
      ],
    });
    expect(ops).toEqual([
      ...['rgb 0 0 0', 'Tf 9'],
      ...['rgb 1 0 0', 'Tf 14'],
      ...['rgb 0 1 0', 'Tf 14'],
      ...['rgb 0 1 0', 'Tf 14'],
      ...['rgb 0 1 0', 'Tf 11'],
      ...['rgb 0 0 0', 'Tf 9'],
      ...['rgb 0 0 0', 'Tf 20'],
      ...['rgb 0 0 0', 'Tf 20', 'rgb 0 0 1', 'Tf 20'],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import type { Content } from 'pdfmake/interfaces';
import { pdfLinks, pdfText } from '../../test/pdfText';
import { renderPdf } from './render';

/** A document whose page streams are left uncompressed, so that its drawing operators can be read. */
const plain = (content: Content[]) =>
  renderPdf({ content, compress: false, defaultStyle: { font: 'Roboto', fontSize: 10 } }).then((pdf) =>
    pdf.toString('latin1'),
  );
const textObjects = (pdf: string) => pdf.match(/\bBT\b/g)?.length ?? 0;

describe('lines drawn by runs of the same look', () => {
  it('draws the words of a plain line as one text, with the same text read back', async () => {
    const words = 'Une ligne de huit mots tous pareils ici';
    const pdf = await plain([words]);
    expect(textObjects(pdf)).toBe(1);
    expect(pdfText(Buffer.from(pdf, 'latin1'))).toContain(words);
  });

  it('starts a new text where the look changes: bold, colour, link', async () => {
    const pdf = await plain([
      { text: ['Avant ', { text: 'gras au milieu', bold: true }, ' puis la fin'] },
      { text: ['Le ', { text: 'rouge', color: '#b71c1c' }, ' et le noir'] },
      { text: ['Appelez le ', { text: '3114', link: 'tel:3114' }, ' à toute heure'] },
    ]);
    const text = pdfText(Buffer.from(pdf, 'latin1'));
    expect(text).toContain('Avant gras au milieu puis la fin');
    expect(text).toContain('Le rouge et le noir');
    expect(text).toContain('Appelez le 3114 à toute heure');
    expect(pdfLinks(Buffer.from(pdf, 'latin1'))).toEqual(['tel:3114']);
    expect(textObjects(pdf)).toBe(9);
  });

  it('keeps a text per word where justified lines spread the words apart', async () => {
    const words = 'Un paragraphe justifié assez long pour tenir sur deux lignes au moins, '.repeat(3).trim();
    const pdf = await plain([{ text: words, alignment: 'justify' }]);
    const lines = pdfText(Buffer.from(pdf, 'latin1')).trim().split('\n');
    expect(lines.join(' ')).toBe(words);
    // Every line but the last is spread: one text per word there.
    const spread = lines.slice(0, -1).join(' ').split(' ').length;
    expect(textObjects(pdf)).toBe(spread + 1);
  });
});

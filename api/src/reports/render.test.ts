import { describe, expect, it } from 'vitest';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { pdfText } from '../../test/pdfText';
import { renderPdf, renderQueue } from './render';

/** The bytes of a PDF without its creation date and file id, which change at every render. */
const stable = (pdf: Buffer) =>
  pdf
    .toString('latin1')
    .replace(/\(D:\d+Z\)/g, '')
    .replace(/\/ID \[[^\]]*\]/g, '');

describe('renderPdf', () => {
  it('renders in arrival order, one at a time, each on a later turn of the event loop', async () => {
    const order: number[] = [];
    const all = [0, 1, 2, 3].map((i) =>
      renderPdf({ content: [`Document ${i}`], defaultStyle: { font: 'Roboto' } }).then(() => order.push(i)),
    );
    expect(renderQueue()).toEqual({ running: 1, waiting: 3 });
    await Promise.all(all);
    expect(order).toEqual([0, 1, 2, 3]);
    expect(renderQueue()).toEqual({ running: 0, waiting: 0 });
  });

  it('fails a document pdfmake refuses without holding up the renders queued after it', async () => {
    // Queued together: the second waits in the render queue behind the failing first.
    const refused = renderPdf({ content: ['Texte'], defaultStyle: { font: 'PoliceInconnue' } });
    const next = renderPdf({ content: ['Bilan Prévention'], defaultStyle: { font: 'Roboto' } });
    await expect(refused).rejects.toThrow(/PoliceInconnue/);
    const pdf = await next;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('renders a document the same way the first time and after other documents (fonts parsed and words shaped once)', async () => {
    const doc = (words: string): TDocumentDefinitions => ({
      content: [
        { text: words, fontSize: 13 },
        { text: `${words} (gras)`, bold: true },
        { text: `« ${words} » : l’été`, italics: true },
      ],
      defaultStyle: { font: 'Roboto' },
    });
    const first = await renderPdf(doc('AVANT Voyage Tâche WAVE fi ff'));
    // Other documents in between, sharing some of its words: their shaping is remembered.
    await renderPdf(doc('Voyage AVANT autre Tâche'));
    await renderPdf(doc('WAVE Voyage'));
    const again = await renderPdf(doc('AVANT Voyage Tâche WAVE fi ff'));
    expect(stable(again)).toBe(stable(first));
  });

  it('keeps every character in the text layer of a document rendered after others', async () => {
    // Composite glyphs (the colon, the ellipsis, accented capitals) are subset with their parts.
    await renderPdf({ content: ['Vous\u00a0: oui\u00a0; non… Été, À, Ç'], defaultStyle: { font: 'Roboto' } });
    const later = await renderPdf({ content: ['Fin. Taille, poids, à vérifier.'], defaultStyle: { font: 'Roboto' } });
    expect(pdfText(later)).toContain('Fin. Taille, poids, à vérifier.');
  });
});

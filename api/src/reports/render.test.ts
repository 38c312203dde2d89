import { describe, expect, it } from 'vitest';
import { renderPdf } from './render';

describe('renderPdf', () => {
  it('fails a document pdfmake refuses without holding up the renders queued after it', async () => {
    // Queued together: the second waits in the render queue behind the failing first.
    const refused = renderPdf({ content: ['Texte'], defaultStyle: { font: 'PoliceInconnue' } });
    const next = renderPdf({ content: ['Bilan Prévention'], defaultStyle: { font: 'Roboto' } });
    await expect(refused).rejects.toThrow(/PoliceInconnue/);
    const pdf = await next;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});

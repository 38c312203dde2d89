import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { eligibleAgesText } from '@bilan/engine';
import { bands } from '../questionnaire/definitions';
import { renderPdf } from '../reports';

/** The patient link of a pharmacy as an SVG QR code (error correction M: survives a smudge). */
export async function qrSvg(link: string): Promise<string> {
  // Loaded at the first QR code: an idle server does not hold it.
  const { default: QRCode } = await import('qrcode');
  return QRCode.toString(link, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
    color: { dark: '#000000', light: '#ffffff' },
  });
}

/** An A4 poster for the counter: who, what, for which ages, the QR code and the link written out. */
export async function posterPdf(displayName: string, link: string): Promise<Buffer> {
  const svg = await qrSvg(link);
  const doc: TDocumentDefinitions = {
    pageSize: 'A4',
    pageMargins: [50, 60, 50, 60],
    info: { title: `Bilan Prévention – ${displayName}`, creator: 'Bilan Prévention' },
    defaultStyle: { font: 'Roboto', fontSize: 14, alignment: 'center' },
    content: [
      { text: displayName, fontSize: 26, bold: true, margin: [0, 0, 0, 16] },
      { text: 'Votre bilan prévention', fontSize: 34, bold: true, color: '#00695c', margin: [0, 0, 0, 8] },
      { text: `Pour les ${eligibleAgesText(bands)}`, fontSize: 20, bold: true, margin: [0, 0, 0, 12] },
      {
        text: 'Répondez au questionnaire en quelques minutes sur votre téléphone, puis venez en parler au comptoir.',
        fontSize: 16,
        margin: [0, 0, 0, 28],
      },
      { svg, width: 300, alignment: 'center', margin: [0, 0, 0, 20] },
      {
        text: 'Scannez ce code avec l’appareil photo de votre téléphone',
        fontSize: 16,
        bold: true,
        margin: [0, 0, 0, 8],
      },
      { text: 'ou saisissez l’adresse\u00a0:', fontSize: 13, margin: [0, 0, 0, 4] },
      { text: link, fontSize: 13, color: '#1558b0', margin: [0, 0, 0, 30] },
      {
        text: 'Questionnaire réservé aux personnes majeures. Vos réponses sont transmises à votre pharmacie uniquement.',
        fontSize: 11,
        color: '#52606d',
      },
    ],
  };
  return renderPdf(doc);
}

import { createRequire } from 'node:module';
import { resolve, sep } from 'node:path';
import type * as PdfMake from 'pdfmake';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { fonts, fontsDir } from './fonts';

// pdfmake 0.3 exports a CommonJS singleton (`module.exports = new pdfmake()`), whose methods an
// ES import namespace would not expose: require it.
const pdfmake = createRequire(import.meta.url)('pdfmake') as typeof PdfMake;

const allowedRoot = resolve(fontsDir) + sep;
pdfmake.setFonts(fonts);
// Documents are built from answers typed by patients: no URL is ever fetched and no file but the
// fonts is ever read, whatever a text might contain.
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((path) => resolve(path).startsWith(allowedRoot));

/** Renders a pdfmake document definition to the bytes of a PDF. */
export async function renderPdf(doc: TDocumentDefinitions): Promise<Buffer> {
  return pdfmake.createPdf(doc).getBuffer();
}

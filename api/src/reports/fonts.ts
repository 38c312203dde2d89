import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/**
 * The folder of Roboto as shipped by pdfmake. Roboto covers French typography (’ « » œ, accented
 * capitals, non-breaking spaces) and pdfkit embeds the subset used, so the PDFs print the same
 * everywhere. render.ts reads them once and hands them to pdfmake as buffers.
 */
const fontsDir = join(dirname(require.resolve('pdfmake/fonts/Roboto.js')), 'Roboto');

export const fonts = {
  Roboto: {
    normal: join(fontsDir, 'Roboto-Regular.ttf'),
    bold: join(fontsDir, 'Roboto-Medium.ttf'),
    italics: join(fontsDir, 'Roboto-Italic.ttf'),
    bolditalics: join(fontsDir, 'Roboto-MediumItalic.ttf'),
  },
};

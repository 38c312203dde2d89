// The text of a PDF as pdftotext reads it (poppler-utils, a system tool the suite needs: see the
// root README), for the tests that check what a PDF says.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let dir: string | undefined;
let count = 0;

/** Runs a poppler tool on a PDF written to a temporary file. */
function poppler(tool: string, args: string[], pdf: Buffer, after: string[] = []): string {
  if (!dir) {
    const created = mkdtempSync(join(tmpdir(), 'bilan-pdf-text-'));
    dir = created;
    process.once('exit', () => rmSync(created, { recursive: true, force: true }));
  }
  const file = join(dir, `${process.pid}-${++count}.pdf`);
  writeFileSync(file, pdf);
  try {
    return execFileSync(tool, [...args, file, ...after], { encoding: 'utf8' });
  } finally {
    rmSync(file, { force: true });
  }
}

/** The text of a PDF, as pdftotext prints it (line breaks where the layout puts them). */
export function pdfText(pdf: Buffer): string {
  return poppler('pdftotext', ['-enc', 'UTF-8'], pdf, ['-']);
}

/** The links of a PDF (pdfinfo -url): the addresses its link annotations open, in page order. */
export function pdfLinks(pdf: Buffer): string[] {
  return poppler('pdfinfo', ['-url'], pdf)
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/).at(-1) ?? '')
    .filter((url) => url !== '');
}

/** The same text with white space folded: line breaks fall anywhere in a PDF's layout. */
export function foldedPdfText(pdf: Buffer): string {
  return pdfText(pdf).replace(/\s+/g, ' ');
}

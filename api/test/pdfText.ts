// The text of a PDF as pdftotext reads it (poppler-utils, a system tool the suite needs: see the
// root README), for the tests that check what a PDF says.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let dir: string | undefined;
let count = 0;

/** The text of a PDF, as pdftotext prints it (line breaks where the layout puts them). */
export function pdfText(pdf: Buffer): string {
  if (!dir) {
    const created = mkdtempSync(join(tmpdir(), 'bilan-pdf-text-'));
    dir = created;
    process.once('exit', () => rmSync(created, { recursive: true, force: true }));
  }
  const file = join(dir, `${process.pid}-${++count}.pdf`);
  writeFileSync(file, pdf);
  try {
    return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(file, { force: true });
  }
}

/** The same text with white space folded: line breaks fall anywhere in a PDF's layout. */
export function foldedPdfText(pdf: Buffer): string {
  return pdfText(pdf).replace(/\s+/g, ' ');
}

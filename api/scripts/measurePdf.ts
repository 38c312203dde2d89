// Time to produce both PDFs of one submission, and their size, for each band's typical answers.
// Run: pnpm --filter @bilan/api measure:pdf  (or: pnpm exec tsx api/scripts/measurePdf.ts)
import { performance } from 'node:perf_hooks';
import { BANDS, definitionOf, fixtureOf } from '@bilan/fixtures';
import { pdfService, type PdfInput } from '../src/reports';

const runs = Number(process.env.RUNS ?? 10);
const rows: string[] = [];
let first = true;
for (const band of BANDS) {
  const fixture = fixtureOf(band, 'typical');
  const definition = definitionOf(fixture);
  const input: PdfInput = {
    definition,
    answers: fixture.expected.normalized,
    patient: {
      civility: 'Madame',
      lastName: 'Lefèvre',
      firstName: 'Zoé',
      birthDate: '1978-05-02',
      email: 'zoe@example.fr',
    },
    pharmacy: { displayName: 'Pharmacie de l’Étoile' },
    date: new Date(),
  };
  if (first) {
    const t0 = performance.now();
    await pdfService.both(input);
    console.log(`cold start (fonts loaded, first render of both PDFs): ${(performance.now() - t0).toFixed(0)} ms`);
    first = false;
  }
  const times: number[] = [];
  let sizes = { questionnaire: 0, bilan: 0 };
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const pdfs = await pdfService.both(input);
    times.push(performance.now() - t0);
    sizes = { questionnaire: pdfs.questionnaire.length, bilan: pdfs.bilan.length };
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 0;
  const max = times[times.length - 1] ?? 0;
  rows.push(`${band}\t${median.toFixed(0)} ms\t${max.toFixed(0)} ms\t${sizes.questionnaire} B\t${sizes.bilan} B`);
}
console.log(`both PDFs per submission, ${runs} runs per band (warm)`);
console.log('band\tmedian\tmax\tQuestionnaire.pdf\tBilan.pdf');
for (const r of rows) console.log(r);

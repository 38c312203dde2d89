import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { foldedPdfText } from '../../test/pdfText';
import { answerLabel, isItemVisible, isQuestion } from '@bilan/engine';
import { BANDS, definitionOf, fixtureOf } from '@bilan/fixtures';
import { pdfService } from './pdfService';
import type { PdfInput } from './types';

const dir = mkdtempSync(join(tmpdir(), 'bilan-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const fold = (s: string) => s.replace(/\s+/g, ' ').trim();

/** pdfinfo and pdffonts: page size and whether every font is embedded. */
function layout(pdf: Buffer, name: string): { info: string; fonts: string[] } {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' })
    .split('\n')
    .slice(2)
    .filter((l) => l.trim() !== '');
  return { info, fonts };
}

describe.each(BANDS)('PDFs of the typical %s answers', (band) => {
  const fixture = fixtureOf(band, 'typical');
  const definition = definitionOf(fixture);
  const input: PdfInput = {
    definition,
    answers: fixture.expected.normalized,
    patient: {
      civility: 'Madame',
      lastName: 'Lefèvre-Nœl',
      firstName: 'Zoé',
      birthDate: '1978-05-02',
      email: 'zoe@example.fr',
    },
    pharmacy: { displayName: 'Pharmacie de l’Étoile « Centre »' },
    date: new Date('2026-03-10T10:00:00Z'),
  };

  it('Questionnaire.pdf prints every answered question’s label and answer (an answer string as its label), accents and apostrophes intact', async () => {
    const text = foldedPdfText(await pdfService.questionnaire(input));
    expect(text).toContain('Zoé Lefèvre-Nœl');
    expect(text).toContain('Pharmacie de l’Étoile « Centre »');
    expect(text).toContain('10/03/2026');
    expect(text).toContain(`${definition.id}, version ${definition.version}`);
    let checked = 0;
    let blanks = 0;
    for (const page of definition.pages) {
      expect(text).toContain(fold(page.title));
      const section = input.answers[page.section] ?? {};
      for (const item of page.items) {
        if (!isQuestion(item) || !isItemVisible(item, input.answers, definition)) continue;
        const expected: string[] =
          item.kind === 'checkboxes'
            ? item.boxes.filter((b) => section[b.key] === true).map((b) => b.label)
            : section[item.key] === undefined
              ? []
              : [
                  typeof section[item.key] === 'number'
                    ? String(section[item.key]).replace('.', ',')
                    : answerLabel(definition, item.key, String(section[item.key])),
                ];
        if (expected.length === 0) {
          blanks += 1;
          continue;
        }
        expect(text, `${page.section}.${item.key} label`).toContain(fold(item.label));
        for (const answer of expected) expect(text, `${page.section}.${item.key} answer`).toContain(fold(answer));
        checked += 1;
      }
    }
    // The typical fixtures answer most questions: the loop really checked something.
    expect(checked).toBeGreaterThan(10);
    // Blank questions are printed as such.
    if (blanks > 0) expect(text).toContain('Non renseigné');
    expect(text).toMatch(/Page 1 \/ [2-9]/);
  });

  it('both PDFs are A4 with every font embedded', async () => {
    const pdfs = await pdfService.both(input);
    for (const [name, pdf] of Object.entries(pdfs)) {
      const { info, fonts } = layout(pdf, `${name}-${band}-layout`);
      expect(info).toContain('(A4)');
      expect(fonts.length).toBeGreaterThan(0);
      for (const line of fonts) expect(line, `${name}: ${line}`).toMatch(/Roboto\S*\s+CID TrueType\s+Identity-H\s+yes/);
    }
  });

  it('Bilan.pdf prints the identity, the band and the BMI category when height and weight are given', async () => {
    const text = foldedPdfText(await pdfService.bilan(input));
    expect(text).toContain('Bilan de prévention');
    expect(text).toContain('Zoé Lefèvre-Nœl');
    expect(text).toContain(definition.band.label);
    expect(text).toMatch(
      /IMC : \d+(,\d)? kg\/m² \((Insuffisance pondérale|Corpulence normale|Surpoids|Obésité)\)|IMC non évaluable/,
    );
    expect(text).toContain('Notes du pharmacien');
  });
});

// D5, D35, D41: a form stored in a 1.x version prints exactly as it did before answers were
// stored by code. fixtures/stored/ holds such forms (the 1.3.0 of each band and the 1.4.0 that
// 2.0.0 replaced, of every band) with the text pdftotext read from their Questionnaire.pdf and
// Bilan.pdf on 2026-11-28, before the change (commit 017df1e; 18-25, 60-65 and 70-75 with the PDF
// code of commit 9434239, before their 2.0.0); today's PDFs must read the same, line breaks
// included.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Answers } from '@bilan/engine';
import { findDefinition } from '../questionnaire/definitions';
import { pdfText } from '../../test/pdfText';
import { pdfService } from './pdfService';

const FORMS = [
  '18to25@1.3.0',
  '18to25@1.4.0',
  '45to50@1.3.0',
  '45to50@1.4.0',
  '60to65@1.3.0',
  '60to65@1.4.0',
  '70to75@1.3.0',
  '70to75@1.4.0',
] as const;
const BIRTH_DATES: Record<string, string> = {
  '18to25': '2004-03-02',
  '45to50': '1978-05-02',
  '60to65': '1963-05-02',
  '70to75': '1953-05-02',
};
const stored = (name: string) => readFileSync(new URL(`../../../fixtures/stored/${name}`, import.meta.url), 'utf8');

describe.each(FORMS)('a form stored in %s', (form) => {
  const [band = '', version = ''] = form.split('@');
  it(
    'prints the same Questionnaire.pdf and Bilan.pdf text as before answers were coded',
    { timeout: 60_000 },
    async () => {
      const definition = findDefinition(`bilan-${band}`, version);
      if (!definition) throw new Error(`${form} is published`);
      const { questionnaire, bilan } = await pdfService.both({
        definition,
        answers: JSON.parse(stored(`${form}.answers.json`)) as Answers,
        patient: {
          civility: 'Madame',
          lastName: 'Durand',
          firstName: 'Claire',
          birthDate: BIRTH_DATES[band] ?? '',
          email: 'claire@example.fr',
        },
        pharmacy: { displayName: 'Pharmacie du Marché' },
        date: new Date('2026-11-20T10:00:00Z'),
      });
      expect(pdfText(questionnaire)).toBe(stored(`${form}.questionnaire.txt`));
      expect(pdfText(bilan)).toBe(stored(`${form}.bilan.txt`));
    },
  );
});

// Issue 16, on the printed Bilan.pdf: a patient whose answers show nothing reads no condition
// (dénutrition, obésité, dépression, trouble anxieux, addiction…) anywhere in the report; a
// patient with findings reads why each one appears.
import { describe, expect, it } from 'vitest';
import { BANDS } from '@bilan/fixtures';
import { bandDefinitions, conditionWordsIn } from '@bilan/engine/testing';
import { reasonsLine, reportOf, type Answers, type Definition } from '@bilan/engine';
import { foldedPdfText } from '../../test/pdfText';
import { pdfService } from './pdfService';
import type { PdfInput } from './types';

const DATE = new Date('2026-03-10T10:00:00Z');

function inputOf(definition: Definition, answers: Answers, birthDate: string): PdfInput {
  return {
    definition,
    answers,
    patient: { civility: 'Madame', lastName: 'Martin', firstName: 'Léa', birthDate, email: 'lea@example.fr' },
    pharmacy: { displayName: 'Pharmacie du Centre' },
    date: DATE,
  };
}

describe.each(BANDS)('Bilan.pdf of %s (newest version)', (band) => {
  const definition = bandDefinitions[band];
  const section = (field: string) =>
    definition.pages.find((p) => p.items.some((i) => i.kind === 'number' && i.key === field))?.section ?? '';

  it('names no condition when the answers show none, a normal BMI included', async () => {
    // 165 cm and 60 kg: a BMI of 22, above every threshold.
    const answers: Answers = { [section('height')]: { height: 165, weight: 60 } };
    const birthDate = `${2026 - definition.band.maxAge}-01-15`;
    const input = inputOf(definition, answers, birthDate);
    const { scores } = reportOf(input);
    let text = foldedPdfText(await pdfService.bilan(input));
    expect(text).toContain('Vaccins et dépistages recommandés pour vous');
    // The score items quote the questions asked ("… nerveux(se), anxieux(se) …"): questions, not findings.
    for (const item of [...scores.phq2.items, ...scores.gad2.items])
      text = text.replace(item.label.replace(/\s+/g, ' '), '');
    expect(conditionWordsIn(text).map((w) => w.name)).toEqual([]);
  });

  it('says why a vaccine is listed for a BMI of 40 or more at 40', async () => {
    const answers: Answers = { [section('height')]: { height: 160, weight: 110 } };
    const input = inputOf(definition, answers, '1986-01-15');
    const report = reportOf(input);
    const influenza = report.due.find((d) => d.id === 'influenza');
    expect(influenza?.reasons.map((r) => r.field)).toEqual(['$bmi']);
    const text = foldedPdfText(await pdfService.bilan(input));
    expect(text).toContain(reasonsLine(definition, influenza?.reasons ?? []).replace(/\s+/g, ' '));
  });
});

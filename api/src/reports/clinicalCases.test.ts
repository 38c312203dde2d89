// Issue 31: Bilan.pdf of every clinical boundary case of fixtures/clinical/, read back with
// pdftotext: each finding (title and advice) in the report's order, each due item with its status
// as printed, what the next birthday brings, the day the recommendations were checked, the BMI's
// category; no other finding of the band, and never the pharmacist's counter guidance. Issue 42:
// the editions the points were compared with (D42), and the words a case says are printed or not.
import { describe, expect, it } from 'vitest';
import {
  BMI_CATEGORY_LABELS,
  checkedOnLine,
  dueStatusLabel,
  editionsLine,
  reportOf,
  upcomingLine,
  type BmiCategory,
} from '@bilan/engine';
import { loadClinicalCases } from '@bilan/fixtures';
import { pdfText } from '../../test/pdfText';
import { buildBilanDocDefinition } from './bilanPdf';
import { renderPdf } from './render';
import type { PdfInput } from './types';

/** pdftotext breaks lines anywhere and drops a hyphen at a line's end: compare without both. */
const squash = (s: string) => s.replace(/[\s-]+/g, '');

/** Each needle found after the previous one: the order the pharmacist reads. */
function expectInOrder(text: string, needles: string[]): void {
  let from = 0;
  for (const needle of needles) {
    const at = text.indexOf(squash(needle), from);
    expect(at, `"${needle}" after position ${from}`).toBeGreaterThanOrEqual(0);
    from = at + squash(needle).length;
  }
}

describe.each(loadClinicalCases().map((c) => [`${c.band}: ${c.name}`, c] as const))('Bilan.pdf, %s', (_name, c) => {
  it('prints the findings, what is due and what is coming as the report says, and nothing else', async () => {
    const input: PdfInput = {
      ...c.record,
      patient: {
        civility: c.civility,
        lastName: 'Lefèvre',
        firstName: 'Camille',
        birthDate: c.birthDate,
        email: 'camille@example.fr',
      },
      pharmacy: { displayName: 'Pharmacie du Marché' },
    };
    const report = reportOf(input);
    const text = squash(pdfText(await renderPdf(buildBilanDocDefinition(input))));

    // D42: the editions its points were compared with, or, for a version without them, the day.
    const references = report.editions ? editionsLine(report.editions) : checkedOnLine(report.checkedOn ?? '');
    expect(report.editions ?? report.checkedOn).toBeTruthy();
    expect(text).toContain(squash(references));
    expectInOrder(text, [
      'Vos priorités',
      ...report.findings.flatMap((f) => [f.title, f.advice]),
      'Vaccins et dépistages recommandés pour vous',
      ...report.due.flatMap((d) => [d.title, dueStatusLabel(d), d.schedule]),
      ...(report.upcoming ? [upcomingLine(report.upcoming)] : []),
      'Les sujets que vous avez choisis',
    ]);
    if (!report.upcoming) expect(text).not.toContain(squash('à votre prochain anniversaire'));

    const printed = report.findings.map((f) => f.title);
    for (const rule of c.record.definition.assessment?.rules ?? []) {
      if (rule.counterGuidance) expect(text).not.toContain(squash(rule.counterGuidance.text));
      const shown = printed.includes(rule.title) || printed.some((title) => title.includes(rule.title));
      if (!shown) expect(text, rule.id).not.toContain(squash(rule.title));
    }
    for (const words of c.expected.printed ?? []) expect(text, words).toContain(squash(words));
    for (const words of c.expected.absent ?? []) expect(text, words).not.toContain(squash(words));
    if (c.expected.bmi) {
      const label = BMI_CATEGORY_LABELS[c.expected.bmi.category as BmiCategory];
      expect(text).toContain(squash(`kg/m² (${label})`));
    }
  });
});

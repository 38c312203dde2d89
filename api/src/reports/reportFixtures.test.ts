// Bilan.pdf printed for each band's report fixtures and read back with pdftotext: findings with
// advice and source in priority order, scores, what is due, the patient's own topics.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  assess,
  DUE_STATUS_LABELS,
  normalize,
  reasonsLine,
  reportContextOf,
  SCORE_LABELS,
  SCORE_STATUS_LABELS,
  sourceLine,
  type Answers,
} from '@bilan/engine';
import { definitionOf, loadReportFixtures } from '@bilan/fixtures';
import { buildBilanDocDefinition } from './bilanPdf';
import { renderPdf } from './render';
import type { PdfInput } from './types';

const dir = mkdtempSync(join(tmpdir(), 'bilan-report-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const DATE = new Date('2026-03-10T10:00:00Z');
/**
 * pdftotext breaks lines anywhere (even inside a URL) and drops a hyphen at a line's end:
 * compare without whitespace and hyphens.
 */
const squash = (s: string) => s.replace(/[\s-]+/g, '');

function pdfText(pdf: Buffer, name: string): string {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  return squash(execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }));
}

/** Each needle found after the previous one: the order the pharmacist reads. */
function expectInOrder(text: string, needles: string[]): void {
  let from = 0;
  for (const needle of needles) {
    const at = text.indexOf(squash(needle), from);
    expect(at, `"${needle}" after position ${from}`).toBeGreaterThanOrEqual(0);
    from = at + squash(needle).length;
  }
}

describe('Bilan.pdf of the report fixtures', () => {
  describe.each(loadReportFixtures().map((f) => [f.file, f] as const))('%s', (_file, fixture) => {
    const definition = definitionOf(fixture);
    const answers: Answers = normalize(definition, fixture.answers).answers;
    const report = assess(definition, answers, { ...fixture.context, today: '2026-03-10' });
    const expected = fixture.expected.report;

    it('prints Bilan.pdf with findings, advice and sources in priority order, scores and what is due', async () => {
      const [sexCivility] = fixture.context.sex === 'homme' ? ['Monsieur'] : ['Madame'];
      const input: PdfInput = {
        definition,
        answers,
        patient: {
          civility: sexCivility ?? 'Madame',
          lastName: 'Dupré-Nœl',
          firstName: 'Élise',
          birthDate: `${2026 - fixture.context.age}-01-15`,
          email: 'elise@example.fr',
        },
        pharmacy: { displayName: 'Pharmacie de l’Étoile' },
        date: DATE,
      };
      const patient = { civility: input.patient?.civility ?? '', birthDate: input.patient?.birthDate ?? '' };
      expect(reportContextOf({ definition, answers, date: DATE, patient }).age).toBe(fixture.context.age);
      const text = pdfText(await renderPdf(buildBilanDocDefinition(input)), fixture.file.replace('/', '-'));

      expect(text).toContain(squash('Élise Dupré-Nœl'));
      expect(text).toContain(squash(definition.band.label));
      expect(text).toContain('10/03/2026');

      // Findings: title, advice, why and source of each, in the report's order; priorities before the rest.
      expect(report.findings.length).toBe(expected.findings.length);
      expectInOrder(text, [
        'Vos priorités',
        ...report.findings.filter((f) => f.level === 'priority').map((f) => f.title),
        'Points à surveiller',
      ]);
      expectInOrder(
        text,
        report.findings.flatMap((f) => [f.title, f.advice, reasonsLine(definition, f.reasons), sourceLine(f.source)]),
      );

      // Scores with their items, or "non évaluable".
      for (const [name, score] of [
        [SCORE_LABELS.phq2, report.scores.phq2],
        [SCORE_LABELS.gad2, report.scores.gad2],
      ] as const) {
        if (!score.available) {
          expect(text).toContain(squash(`${name} : non évaluable`));
          continue;
        }
        const total =
          score.total === null ? 'non évaluable' : `${score.total} / 6 — ${SCORE_STATUS_LABELS[score.status]}`;
        expectInOrder(text, [
          name,
          total,
          ...score.items.flatMap((i) => [
            i.label,
            i.answer ?? 'sans réponse',
            i.points === null ? '' : `(${i.points} point`,
          ]),
        ]);
      }
      if (report.scores.bmi.value !== null)
        expect(text).toContain(squash(`IMC\u00a0: ${String(report.scores.bmi.value).replace('.', ',')} kg/m²`));

      // What is due: title, status, why and source, in order.
      expectInOrder(text, [
        'Vaccins et dépistages recommandés pour vous',
        ...report.due.flatMap((d) => [
          d.title,
          DUE_STATUS_LABELS[d.status],
          d.schedule,
          reasonsLine(definition, d.reasons),
          sourceLine(d.source),
        ]),
      ]);

      // The patient's own topics and words, then room for the counter.
      expectInOrder(text, [
        'Les sujets que vous avez choisis',
        ...report.priorities.map((p) => p.label),
        ...report.freeText.map((t) => t.text),
      ]);
      expectInOrder(text, ['Objectifs convenus au comptoir', 'Notes du pharmacien', 'Signature du pharmacien']);
    });
  });
});

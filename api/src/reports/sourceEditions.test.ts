// D42 (issue 42): Bilan.pdf names the editions its points were compared with, for a version whose
// sources name them; a form stored in a version published before prints, as it always did, the
// day its recommendations were checked. Read back from the PDF with pdftotext.
import { describe, expect, it } from 'vitest';
import {
  checkedOnLine,
  createRegistry,
  editionsLine,
  reportOf,
  sourceLine,
  type Definition,
  type Source,
} from '@bilan/engine';
import { BANDS } from '@bilan/fixtures';
import { definitions } from '../questionnaire/definitions';
import { pdfText } from '../../test/pdfText';
import { buildBilanDocDefinition } from './bilanPdf';
import { renderPdf } from './render';
import type { PdfInput } from './types';

/** pdftotext breaks lines anywhere and drops a hyphen at a line's end: compare without both. */
const squash = (s: string) => s.replace(/[\s-]+/g, '');
const registry = createRegistry(definitions);

/** A 66-year-old with nothing to declare: the booster, zona, pneumococcus, influenza, COVID-19 are due. */
function inputOf(definition: Definition): PdfInput {
  return {
    definition,
    answers: {},
    date: new Date('2026-11-26T11:00:00Z'),
    patient: {
      civility: 'Madame',
      lastName: 'Lefèvre',
      firstName: 'Camille',
      birthDate: '1960-06-01',
      email: 'camille@example.fr',
    },
    pharmacy: { displayName: 'Pharmacie du Marché' },
  };
}

/** The definition with an edition on every source, as a draft of D42 has them. */
function withEditions(definition: Definition): Definition {
  const named = (source: Source): Source => ({ ...source, edition: `${source.document}, édition de test` });
  const part = definition.assessment;
  if (!part) return definition;
  return {
    ...definition,
    assessment: {
      ...part,
      rules: part.rules.map((rule) => ({
        ...rule,
        source: named(rule.source),
        ...(rule.counterGuidance?.source
          ? { counterGuidance: { ...rule.counterGuidance, source: named(rule.counterGuidance.source) } }
          : {}),
      })),
      due: (part.due ?? []).map((item) => ({ ...item, source: named(item.source) })),
    },
  };
}

const hasEditions = (definition: Definition) => reportOf(inputOf(definition)).editions !== null;
const published = BANDS.flatMap((band) => registry.versions(band));

describe('the editions on Bilan.pdf (D42)', () => {
  it.each(published.filter((d) => !hasEditions(d)).map((d) => [`${d.id}@${d.version}`, d] as const))(
    '%s, published without editions, prints its report as it was: the day its rules were checked',
    async (_ref, definition) => {
      const input = inputOf(definition);
      const report = reportOf(input);
      const text = squash(pdfText(await renderPdf(buildBilanDocDefinition(input))));
      if (report.checkedOn) expect(text).toContain(squash(checkedOnLine(report.checkedOn)));
      else expect(text).not.toContain(squash('Recommandations vérifiées le'));
      expect(text).not.toContain(squash('édition vérifiée'));
      expect(text).not.toContain(squash('Textes de référence'));
    },
  );

  it.each([
    ...published.filter(hasEditions).map((d) => [`${d.id}@${d.version}`, d] as const),
    ['the newest 45-50 given editions', withEditions(registry.latest('45to50'))] as const,
  ])('%s, with an edition on every source, names the editions and no day of check', async (_ref, definition) => {
    const input = inputOf(definition);
    const report = reportOf(input);
    expect(report.editions?.length).toBeGreaterThan(0);
    const text = squash(pdfText(await renderPdf(buildBilanDocDefinition(input))));
    expect(text).toContain(squash(editionsLine(report.editions ?? [])));
    expect(text).not.toContain(squash('Recommandations vérifiées le'));
    for (const item of [...report.findings, ...report.due])
      expect(text, item.id).toContain(squash(sourceLine(item.source)));
  });
});

// Issue 13: what Questionnaire.pdf and Bilan.pdf print is in French typography. Read from the
// pdfmake documents (the texts before layout, each paragraph whole: a bold "PHQ-2 : " and its
// total are one text), for every answer set of the fixtures in every definition version: page
// titles, questions, answer labels ("Moins d’une heure" for the stored "Moins d'une heure"),
// findings, scores, what is due, sources, headers and footers. The patient's free texts are
// their own words, printed as typed: they are replaced here by a sentence of ours. A source
// title in English (`"lang": "en"`) keeps its own punctuation inside the French source line.
import { describe, expect, it } from 'vitest';
import { catalogueOf, normalize, typographyFaults, type Answers, type Definition } from '@bilan/engine';
import { BANDS, loadFixtures } from '@bilan/fixtures';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { definitions } from '../questionnaire/definitions';
import { buildBilanDocDefinition } from './bilanPdf';
import { buildQuestionnaireDocDefinition } from './questionnairePdf';
import type { PdfInput } from './types';

/** The keys of a pdfmake node that hold more content. */
const CONTENT_KEYS = ['stack', 'ul', 'ol', 'columns', 'table', 'body'];

/** A node's text as printed: its pieces joined ("PHQ-2 : " + "4 / 6 — positif"). */
function inline(text: unknown): string {
  if (typeof text === 'string') return text;
  if (Array.isArray(text)) return text.map(inline).join('');
  if (text && typeof text === 'object' && 'text' in text) return inline(text.text);
  return '';
}

/** Every paragraph, list item and table cell of a content tree. */
function paragraphs(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  if (Array.isArray(node)) return node.flatMap(paragraphs);
  if (!node || typeof node !== 'object') return [];
  if ('text' in node) return [inline(node.text)];
  return Object.entries(node).flatMap(([key, value]) => (CONTENT_KEYS.includes(key) ? paragraphs(value) : []));
}

function documentTexts(doc: TDocumentDefinitions): string[] {
  const footer =
    typeof doc.footer === 'function'
      ? doc.footer(1, 3, { width: 595, height: 842, orientation: 'portrait' })
      : doc.footer;
  return [...paragraphs(doc.content), ...paragraphs(doc.header as Content), ...paragraphs(footer as Content)].filter(
    (t) => t.trim() !== '',
  );
}

/** The answers with every free text replaced by a sentence of ours. */
function withOurFreeTexts(definition: Definition, answers: Answers): Answers {
  const copy = structuredClone(answers);
  for (const entry of catalogueOf(definition).fields.values()) {
    const section = copy[entry.section];
    if ((entry.kind === 'text' || entry.kind === 'textarea') && section?.[entry.key] !== undefined)
      section[entry.key] = 'Une phrase du patient.';
  }
  return copy;
}

/** The English titles of a definition's sources, quoted as published, and their editions. */
function englishTitles(definition: Definition): string[] {
  const sources = [...(definition.assessment?.rules ?? []), ...(definition.assessment?.due ?? [])].map((r) => r.source);
  // The edition of an English text (D42) is named in English too.
  return sources.filter((s) => s.lang === 'en').flatMap((s) => [s.document, ...(s.edition ? [s.edition] : [])]);
}

describe.each(BANDS)('the PDFs of the %s fixtures, in every definition version', (band) => {
  const versions = definitions.filter((d) => d.band.code === band);
  const cases = loadFixtures(band).flatMap((fixture) => versions.map((definition) => ({ fixture, definition })));
  const texts = cases.flatMap(({ fixture, definition }) => {
    const input: PdfInput = {
      definition,
      answers: withOurFreeTexts(definition, normalize(definition, fixture.answers).answers),
      patient: {
        civility: 'Madame',
        lastName: 'Martin',
        firstName: 'Zoé',
        birthDate: '1978-05-02',
        email: 'zoe@example.fr',
      },
      pharmacy: { displayName: 'Pharmacie du Centre' },
      date: new Date('2026-03-10T10:00:00Z'),
    };
    const at = `${fixture.file} in ${definition.id}@${definition.version}`;
    const english = englishTitles(definition);
    const french = (text: string) => english.reduce((t, title) => t.replaceAll(title, 'Title'), text);
    return [
      ...documentTexts(buildQuestionnaireDocDefinition(input)).map((text) => ({
        at: `Questionnaire.pdf of ${at}`,
        text,
      })),
      ...documentTexts(buildBilanDocDefinition(input)).map((text) => ({
        at: `Bilan.pdf of ${at}`,
        text: french(text),
      })),
    ];
  });

  it('prints every text in French typography', () => {
    expect(versions.length).toBeGreaterThan(1);
    expect(texts.length).toBeGreaterThan(1000);
    const faults = texts.flatMap(({ at, text }) =>
      typographyFaults(text).map((f) => `${at}: ${f.message}, in "${f.excerpt}"`),
    );
    expect([...new Set(faults)]).toEqual([]);
  });
});

describe('the answer strings in the PDFs', () => {
  // A 1.x form stores the string (D5), a 2.x form its code, whose label keeps the same straight
  // apostrophe in the definitions: both print the typographic label.
  const stored = [
    { version: '1.4.0', answer: "Moins d'une heure" },
    { version: '2.0.0', answer: 'lessThan1Hour' },
  ];
  it.each(stored)('prints the answer stored in 18-25 $version as its typographic label', ({ version, answer }) => {
    const definition = definitions.find((d) => d.id === 'bilan-18to25' && d.version === version);
    if (!definition) throw new Error(`bilan-18to25@${version} missing`);
    const answers: Answers = { physicalActivityAndVaccines: { screenTime: answer } };
    const input: PdfInput = {
      definition,
      answers: normalize(definition, answers).answers,
      patient: null,
      pharmacy: null,
      date: new Date('2026-03-10T10:00:00Z'),
    };
    const texts = documentTexts(buildQuestionnaireDocDefinition(input));
    expect(texts).toContain('Moins d’une heure');
    expect(texts).not.toContain("Moins d'une heure");
    expect(texts).not.toContain('lessThan1Hour');
  });
});

// What both PDFs print of the questionnaire's content rules: the BMI only from plausible inputs
// (D24), the page headings, nothing of the questions a condition hides (D25), and the help lines
// as tel: links (D7). Read back with poppler, as the other PDF tests do.
import { describe, expect, it } from 'vitest';
import { recordPages, type Answers, type BandCode } from '@bilan/engine';
import { BANDS, fixtureOf } from '@bilan/fixtures';
import { foldedPdfText, pdfLinks } from '../../test/pdfText';
import { findDefinition, latestDefinition } from '../questionnaire/definitions';
import { pdfService } from './pdfService';
import type { PdfInput } from './types';

const date = new Date('2026-03-10T10:00:00Z');
const patient = {
  civility: 'Madame',
  lastName: 'Martin',
  firstName: 'Léa',
  birthDate: '1978-05-02',
  email: 'lea@example.fr',
};

function inputOf(ref: string, answers: Answers): PdfInput {
  const [id = '', version = ''] = ref.split('@');
  const definition = findDefinition(id, version);
  if (!definition) throw new Error(`no definition ${ref}`);
  return { definition, answers, patient, pharmacy: { displayName: 'Pharmacie du Port' }, date };
}

describe.each(BANDS)('%s: the BMI in both PDFs (D24)', (band: BandCode) => {
  it('prints "IMC non évaluable" for a form stored in the first version, height typed in metres, never 228 571', async () => {
    const fixture = fixtureOf(band, 'bmi-not-evaluable');
    expect(fixture.version).toBe('first');
    const { questionnaire, bilan } = await pdfService.both(inputOf(fixture.definition, fixture.expected.normalized));
    const [questionnaireText, bilanText] = [foldedPdfText(questionnaire), foldedPdfText(bilan)];
    expect(questionnaireText).toContain(
      'Indice de masse corporelle (IMC) IMC non évaluable : taille ou poids à vérifier',
    );
    expect(bilanText).toContain('IMC non évaluable : taille ou poids à vérifier.');
    for (const text of [questionnaireText, bilanText]) {
      expect(text).not.toMatch(/228\s?571/);
      expect(text).not.toContain('kg/m²');
      expect(text).not.toContain('Obésité');
    }
  });

  it('says why when height or weight is missing, and prints a plausible BMI', async () => {
    const definition = latestDefinition(band);
    const section = definition.pages.find((p) => p.items.some((i) => i.key === 'height'))?.section ?? '';
    const missing = await pdfService.both(
      inputOf(`${definition.id}@${definition.version}`, { [section]: { height: 170 } }),
    );
    expect(foldedPdfText(missing.questionnaire)).toContain('IMC non évaluable : taille ou poids non renseigné');
    expect(foldedPdfText(missing.bilan)).toContain('IMC non évaluable : taille ou poids non renseigné.');
    const given = await pdfService.both(
      inputOf(`${definition.id}@${definition.version}`, { [section]: { height: 170, weight: 65 } }),
    );
    expect(foldedPdfText(given.questionnaire)).toContain('Indice de masse corporelle (IMC) 22,5 kg/m²');
    expect(foldedPdfText(given.bilan)).toContain('IMC : 22,5 kg/m² (Corpulence normale)');
  });
});

describe('Questionnaire.pdf of the newest version', () => {
  it.each(BANDS)('%s: prints the headings of every page, each before its first question', async (band) => {
    const fixture = fixtureOf(band, 'typical');
    const input = inputOf(fixture.definition, fixture.expected.normalized);
    const text = foldedPdfText(await pdfService.questionnaire(input));
    let headings = 0;
    for (const page of recordPages(input)) {
      for (const part of page.parts) {
        const first = part.lines[0];
        if (part.heading === null || !first) continue;
        expect(text).toContain(`${part.heading} ${first.label}`.replace(/\s+/g, ' '));
        headings += 1;
      }
    }
    expect(headings).toBeGreaterThanOrEqual(5);
  });

  it('leaves out the questions hidden from a man (D25), which a woman reads', async () => {
    const man = fixtureOf('45to50', 'hidden-by-conditions');
    const manText = foldedPdfText(await pdfService.questionnaire(inputOf(man.definition, man.expected.normalized)));
    const woman = fixtureOf('45to50', 'typical');
    const womanText = foldedPdfText(
      await pdfService.questionnaire(inputOf(woman.definition, woman.expected.normalized)),
    );
    for (const label of [
      'Êtes-vous en période de ménopause ?',
      'Mieux vivre la ménopause',
      'Élevez-vous seul(e) vos enfants ?',
      'Quand vous toussez, avez-vous des crachats ?',
    ]) {
      expect(manText, label).not.toContain(label.replace('\u00a0', ' '));
    }
    expect(womanText).toContain('Êtes-vous en période de ménopause ?');
    expect(womanText).toContain('Élevez-vous seul(e) vos enfants ?');
  });
});

describe('Bilan.pdf of the newest version', () => {
  it('makes the help lines of its advice tel: links (D7)', async () => {
    const definition = latestDefinition('18to25');
    const answers: Answers = { addictionAndMentalHealth: { suicidalThoughts: true, violenceExperience: 'yes' } };
    const bilan = await pdfService.bilan(inputOf(`${definition.id}@${definition.version}`, answers));
    expect(foldedPdfText(bilan)).toContain('Le 3114 (numéro national de prévention du suicide)');
    expect(new Set(pdfLinks(bilan))).toEqual(
      new Set(['tel:3114', 'tel:15', 'tel:112', 'tel:3919', 'tel:116006', 'tel:17']),
    );
  });
});

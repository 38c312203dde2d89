import { describe, expect, it } from 'vitest';
import { resolveDefinition } from '../resolveDefinition';
import { testDefinitionFile, testVocabularies } from '../testing/testDefinition';
import { BMI_LABEL, recordPages } from './recordPages';

const definition = resolveDefinition(testDefinitionFile, testVocabularies);
const date = new Date('2026-03-10T10:00:00Z');
const pagesOf = (answers: Parameters<typeof recordPages>[0]['answers']) => recordPages({ definition, answers, date });

describe('recordPages', () => {
  it('lists every page, in definition order, with its title', () => {
    expect(pagesOf({}).map((p) => [p.section, p.route, p.title])).toEqual([
      ['general', 'general', 'Profil'],
      ['body', 'body', 'Mesures'],
      ['habits', 'habits', 'Habitudes'],
      ['priorities', 'priorities', 'Priorités'],
    ]);
  });

  it('gives each visible question its text and formatted answer, null when blank', () => {
    const [general, body] = pagesOf({
      general: { gender: 'Femme', diabete: true, aucune: true },
      body: { weight: 70.5 },
    });
    expect(general?.lines).toEqual([
      { key: 'gender', label: 'Vous êtes\u00a0:', answer: 'Femme' },
      { key: 'children', label: 'Avez-vous des enfants\u00a0?', answer: null },
      { key: 'diseases', label: 'Avez-vous une de ces maladies\u00a0?', answer: ['Diabète', 'Aucune'] },
    ]);
    expect(body?.lines).toEqual([
      { key: 'height', label: 'Taille', answer: null },
      { key: 'weight', label: 'Poids', answer: '70,5\u00a0kg' },
      { key: 'menopauseAge', label: 'Âge de la ménopause', answer: null },
    ]);
  });

  it('leaves out questions hidden by a condition, and their stale answers, and notices', () => {
    const [general, , habits] = pagesOf({
      general: { autres: false, otherDisease: 'Asthme' },
      habits: { violence: 'Oui' },
    });
    expect(general?.lines.map((l) => l.key)).not.toContain('otherDisease');
    expect(habits?.lines.map((l) => l.key)).toEqual(['smokingStatus', 'violence']);
    const [shown] = pagesOf({ general: { autres: true, otherDisease: 'Asthme' } });
    expect(shown?.lines.find((l) => l.key === 'otherDisease')).toEqual({
      key: 'otherDisease',
      label: 'Précisez\u00a0:',
      answer: 'Asthme',
    });
  });

  it('groups the lines under the page’s headings, as the questionnaire shows them', () => {
    const [general, body] = pagesOf({ general: { gender: 'Femme', diabete: true } });
    expect(general?.parts).toEqual([
      {
        heading: null,
        lines: [expect.objectContaining({ key: 'gender' }), expect.objectContaining({ key: 'children' })],
      },
      {
        heading: 'Votre santé',
        lines: [{ key: 'diseases', label: 'Avez-vous une de ces maladies\u00a0?', answer: ['Diabète'] }],
      },
    ]);
    expect(general?.parts.flatMap((p) => p.lines)).toEqual(general?.lines);
    expect(body?.parts).toEqual([{ heading: null, lines: body?.lines }]);
  });

  it('puts the BMI line on the page that asks height and weight only', () => {
    const pages = pagesOf({ body: { height: 170, weight: 65 } });
    expect(pages.map((p) => p.bmi === null)).toEqual([true, false, true, true]);
    expect(pages[1]?.bmi).toEqual({
      label: BMI_LABEL,
      value: 22.491349,
      status: 'evaluated',
      answer: '22,5\u00a0kg/m²',
    });
  });

  it('says the BMI is "non évaluable", and why, when height or weight is blank', () => {
    const missing = {
      label: BMI_LABEL,
      value: null,
      status: 'missing',
      answer: 'IMC non évaluable\u00a0: taille ou poids non renseigné',
    };
    expect(pagesOf({ body: { height: 170 } })[1]?.bmi).toEqual(missing);
    expect(pagesOf({})[1]?.bmi).toEqual(missing);
  });

  it('never prints a BMI from a height typed in metres, nor one outside 10 to 80 (D24)', () => {
    const implausible = {
      label: BMI_LABEL,
      value: null,
      status: 'implausible',
      answer: 'IMC non évaluable\u00a0: taille ou poids à vérifier',
    };
    // 70 kg at 1.75 "cm" would be 228 571; 300 kg at 150 cm is 133.
    expect(pagesOf({ body: { height: 1.75, weight: 70 } })[1]?.bmi).toEqual(implausible);
    expect(pagesOf({ body: { height: 150, weight: 300 } })[1]?.bmi).toEqual(implausible);
    expect(pagesOf({ body: { height: 150, weight: 22 } })[1]?.bmi?.status).toBe('implausible');
    // The bounds themselves are plausible: 25.6 kg at 160 cm is 10, 180 kg at 150 cm is 80.
    expect(pagesOf({ body: { height: 160, weight: 25.6 } })[1]?.bmi).toMatchObject({
      status: 'evaluated',
      answer: '10\u00a0kg/m²',
    });
    expect(pagesOf({ body: { height: 150, weight: 180 } })[1]?.bmi).toMatchObject({
      status: 'evaluated',
      answer: '80\u00a0kg/m²',
    });
  });

  it('rounds the BMI half up to one decimal, as Bilan.pdf does (24.95 → 25, 22.45 → 22,5)', () => {
    expect(pagesOf({ body: { height: 200, weight: 99.8 } })[1]?.bmi).toMatchObject({
      value: 24.95,
      answer: '25\u00a0kg/m²',
    });
    expect(pagesOf({ body: { height: 200, weight: 89.8 } })[1]?.bmi).toMatchObject({
      value: 22.45,
      answer: '22,5\u00a0kg/m²',
    });
  });
});

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
    const [general, body] = pagesOf({ general: { gender: 'Femme', diabete: true, aucune: true }, body: { weight: 70.5 } });
    expect(general?.lines).toEqual([
      { key: 'gender', label: 'Vous êtes :', answer: 'Femme' },
      { key: 'children', label: 'Avez-vous des enfants ?', answer: null },
      { key: 'diseases', label: 'Avez-vous une de ces maladies ?', answer: ['Diabète', 'Aucune'] },
    ]);
    expect(body?.lines).toEqual([
      { key: 'height', label: 'Taille', answer: null },
      { key: 'weight', label: 'Poids', answer: '70,5 kg' },
      { key: 'menopauseAge', label: 'Âge de la ménopause', answer: null },
    ]);
  });

  it('leaves out questions hidden by a condition, and their stale answers, and notices', () => {
    const [general, , habits] = pagesOf({ general: { autres: false, otherDisease: 'Asthme' }, habits: { violence: 'Oui' } });
    expect(general?.lines.map((l) => l.key)).not.toContain('otherDisease');
    expect(habits?.lines.map((l) => l.key)).toEqual(['smokingStatus', 'violence']);
    const [shown] = pagesOf({ general: { autres: true, otherDisease: 'Asthme' } });
    expect(shown?.lines.find((l) => l.key === 'otherDisease')).toEqual({ key: 'otherDisease', label: 'Précisez :', answer: 'Asthme' });
  });

  it('puts the BMI line on the page that asks height and weight only', () => {
    const pages = pagesOf({ body: { height: 170, weight: 65 } });
    expect(pages.map((p) => p.bmi === null)).toEqual([true, false, true, true]);
    expect(pages[1]?.bmi).toEqual({ label: BMI_LABEL, value: 22.491349, answer: '22,5 kg/m²' });
  });

  it('keeps the BMI line without a value when height or weight is blank', () => {
    expect(pagesOf({ body: { height: 170 } })[1]?.bmi).toEqual({ label: BMI_LABEL, value: null, answer: null });
  });
});

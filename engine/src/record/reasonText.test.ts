import { describe, expect, it } from 'vitest';
import { bandDefinitions } from '../testing/testBands';
import { catalogueOf } from './catalogue';
import { reasonsLine, reasonText } from './reasonText';

describe('reasonText', () => {
  const definition = bandDefinitions['70to75'];
  const catalogue = catalogueOf(definition);

  it('reads the facts in plain words', () => {
    expect(reasonText(definition, { field: '$age', value: 66 })).toBe('vous avez 66\u00a0ans');
    expect(reasonText(definition, { field: '$bmi', value: 41.2345 })).toBe('votre IMC est de 41,2\u00a0kg/m²');
    expect(reasonText(definition, { field: '$sex', value: 'femme' })).toBe('vous êtes une femme');
    expect(reasonText(definition, { field: '$gad2', value: 4 })).toBe('score GAD-2 de 4 sur 6');
  });

  it('reads a ticked box by its label and an answer with its question, from the catalogue', () => {
    const box = catalogue.fields.get('respiratoryDiseases');
    const question = catalogue.fields.get('vaccinesUpToDate');
    expect(reasonText(definition, { field: 'respiratoryDiseases', value: true })).toBe(
      `vous avez coché «\u00a0${box?.label}\u00a0»`,
    );
    expect(reasonText(definition, { field: 'vaccinesUpToDate', value: 'Non' })).toBe(
      `vous avez répondu «\u00a0Non\u00a0» à «\u00a0${question?.question}\u00a0»`,
    );
  });

  it('puts all the reasons on one line', () => {
    expect(
      reasonsLine(definition, [
        { field: '$age', value: 76 },
        { field: '$bmi', value: 20 },
      ]),
    ).toBe('Pourquoi\u00a0: vous avez 76\u00a0ans\u00a0; votre IMC est de 20\u00a0kg/m².');
  });
});

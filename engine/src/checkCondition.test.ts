import { describe, expect, it } from 'vitest';
import { checkCondition, type KnownFacts } from './checkCondition';
import { fieldsOf } from './fieldsOf';
import { resolveDefinition } from './resolveDefinition';
import { testDefinitionFile, testVocabularies } from './testing/testDefinition';

const fields = fieldsOf(resolveDefinition(testDefinitionFile, testVocabularies));
const facts: KnownFacts = { names: ['$age', '$sex'], numeric: new Set(['$age']), sexCodes: ['femme', 'homme'] };

describe('checkCondition', () => {
  it('names the answer strings a value should have been one of', () => {
    expect(checkCondition({ type: 'equals', field: 'children', value: 'Peut-être' }, '/w', fields)).toEqual([
      {
        path: '/w',
        field: 'children',
        message:
          'condition sur children\u00a0: «\u00a0Peut-être\u00a0» n’est pas une de ses réponses («\u00a0Oui\u00a0», «\u00a0Non\u00a0»)',
      },
    ]);
  });

  it('reads $ names as derived facts only where facts are known (report rules)', () => {
    const age = { type: 'compare', field: '$age', op: 'gte', value: 50 } as const;
    expect(checkCondition(age, '/w', fields, facts)).toEqual([]);
    expect(checkCondition(age, '/w', fields)).toEqual([
      expect.objectContaining({ message: 'condition sur $age\u00a0: question inconnue' }),
    ]);
  });

  it('checks what a fact can hold', () => {
    expect(
      checkCondition({ type: 'oneOf', field: '$sex', values: ['femme', 'Femme'] }, '/w', fields, facts).map(
        (i) => i.message,
      ),
    ).toEqual(['$sex ne vaut jamais «\u00a0Femme\u00a0» (valeurs\u00a0: femme, homme)']);
    expect(checkCondition({ type: 'checked', field: '$age' }, '/w', fields, facts).map((i) => i.message)).toEqual([
      '$age est un nombre\u00a0: utilisez compare ou answered',
    ]);
    expect(checkCondition({ type: 'compare', field: '$agee', op: 'gt', value: 3 }, '/w', fields, facts)).toEqual([
      expect.objectContaining({
        message: '$agee\u00a0: mesure inconnue (connues\u00a0: $age, $sex)\u00a0; vouliez-vous dire $age\u00a0?',
      }),
    ]);
  });
});

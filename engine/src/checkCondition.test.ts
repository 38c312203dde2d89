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
          'condition "equals" compares "children" with "Peut-être", which is not one of its answer strings (Oui / Non)',
      },
    ]);
  });

  it('reads $ names as derived facts only where facts are known (report rules)', () => {
    const age = { type: 'compare', field: '$age', op: 'gte', value: 50 } as const;
    expect(checkCondition(age, '/w', fields, facts)).toEqual([]);
    expect(checkCondition(age, '/w', fields)).toEqual([
      expect.objectContaining({ message: 'condition "compare" names field "$age", which does not exist' }),
    ]);
  });

  it('checks what a fact can hold', () => {
    expect(
      checkCondition({ type: 'oneOf', field: '$sex', values: ['femme', 'Femme'] }, '/w', fields, facts).map(
        (i) => i.message,
      ),
    ).toEqual(['"$sex" is never "Femme" (one of femme, homme)']);
    expect(checkCondition({ type: 'checked', field: '$age' }, '/w', fields, facts).map((i) => i.message)).toEqual([
      '"$age" is a number: use compare or answered',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import type { AnswerValue, Condition } from './definition';
import { conditionReasons } from './conditionReasons';

const lookupOf = (values: Record<string, AnswerValue>) => (field: string) => values[field];

describe('conditionReasons', () => {
  const chronic: Condition = {
    type: 'any',
    conditions: [
      { type: 'compare', field: '$age', op: 'gte', value: 65 },
      { type: 'checked', field: 'asthma' },
      { type: 'checked', field: 'diabetes' },
    ],
  };

  it('gives every branch of an any that holds, in the order the condition names them', () => {
    expect(conditionReasons(chronic, lookupOf({ $age: 70, diabetes: true, asthma: false }))).toEqual([
      { field: '$age', value: 70 },
      { field: 'diabetes', value: true },
    ]);
  });

  it('gives nothing when the condition does not hold, even if some leaves do', () => {
    const both: Condition = {
      type: 'all',
      conditions: [
        { type: 'checked', field: 'asthma' },
        { type: 'compare', field: '$age', op: 'gte', value: 65 },
      ],
    };
    expect(conditionReasons(both, lookupOf({ asthma: true, $age: 40 }))).toEqual([]);
    expect(conditionReasons(both, lookupOf({ asthma: true, $age: 66 }))).toEqual([
      { field: 'asthma', value: true },
      { field: '$age', value: 66 },
    ]);
  });

  it('leaves out what holds through not: an absence is no reason to print', () => {
    const woman: Condition = {
      type: 'all',
      conditions: [
        { type: 'not', condition: { type: 'equals', field: '$sex', value: 'homme' } },
        { type: 'oneOf', field: 'mammogram', values: ['Non, jamais'] },
      ],
    };
    expect(conditionReasons(woman, lookupOf({ $sex: 'femme', mammogram: 'Non, jamais' }))).toEqual([
      { field: 'mammogram', value: 'Non, jamais' },
    ]);
    expect(conditionReasons({ type: 'not', condition: { type: 'checked', field: 'asthma' } }, lookupOf({}))).toEqual(
      [],
    );
  });

  it('names a field once when two leaves read it', () => {
    const range: Condition = {
      type: 'all',
      conditions: [
        { type: 'compare', field: '$age', op: 'gte', value: 25 },
        { type: 'compare', field: '$age', op: 'lte', value: 39 },
      ],
    };
    expect(conditionReasons(range, lookupOf({ $age: 30 }))).toEqual([{ field: '$age', value: 30 }]);
  });
});

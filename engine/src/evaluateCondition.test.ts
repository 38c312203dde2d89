import { describe, expect, it } from 'vitest';
import type { Answers, Condition } from './definition';
import { answersLookup, evaluateCondition, isBlank } from './evaluateCondition';
import { resolveDefinition } from './resolveDefinition';
import { testDefinitionFile, testVocabularies } from './testing/testDefinition';

const definition = resolveDefinition(testDefinitionFile, testVocabularies);
const is = (condition: Condition, answers: Answers) => evaluateCondition(condition, answersLookup(definition, answers));

describe('evaluateCondition', () => {
  it('checked holds only for a ticked box', () => {
    const c: Condition = { type: 'checked', field: 'autres' };
    expect(is(c, { general: { autres: true } })).toBe(true);
    expect(is(c, { general: { autres: false } })).toBe(false);
    expect(is(c, { general: {} })).toBe(false);
    expect(is(c, {})).toBe(false);
  });

  it('reads a field from its own section only', () => {
    expect(is({ type: 'checked', field: 'autres' }, { body: { autres: true } })).toBe(false);
  });

  it('equals compares the exact value', () => {
    const c: Condition = { type: 'equals', field: 'violence', value: 'Oui' };
    expect(is(c, { habits: { violence: 'Oui' } })).toBe(true);
    expect(is(c, { habits: { violence: 'oui' } })).toBe(false);
    expect(is(c, { habits: { violence: 'Non' } })).toBe(false);
  });

  it('oneOf holds for any listed answer string', () => {
    const c: Condition = { type: 'oneOf', field: 'gender', values: ['Femme', 'Autre'] };
    expect(is(c, { general: { gender: 'Autre' } })).toBe(true);
    expect(is(c, { general: { gender: 'Homme' } })).toBe(false);
    expect(is(c, { general: {} })).toBe(false);
  });

  it('answered is false for blanks: absent, "" and an empty list', () => {
    const c: Condition = { type: 'answered', field: 'otherDisease' };
    expect(is(c, { general: { otherDisease: 'Asthme' } })).toBe(true);
    expect(is(c, { general: { otherDisease: '' } })).toBe(false);
    expect(is(c, { general: {} })).toBe(false);
    expect(isBlank([])).toBe(true);
    expect(isBlank(null)).toBe(true);
    expect(isBlank(false)).toBe(false);
    expect(isBlank(0)).toBe(false);
  });

  it('compare works on numbers only', () => {
    const at = (op: 'lt' | 'lte' | 'gt' | 'gte', height: unknown) =>
      is({ type: 'compare', field: 'height', op, value: 150 }, { body: { height: height as number } });
    expect([at('lt', 149), at('lt', 150), at('lte', 150), at('gt', 150), at('gt', 151), at('gte', 150)]).toEqual([
      true,
      false,
      true,
      false,
      true,
      true,
    ]);
    expect(at('lt', '100')).toBe(false);
    expect(at('lt', Number.NaN)).toBe(false);
  });

  it('combines with all, any and not', () => {
    const answers = { general: { autres: true, gender: 'Femme' } };
    const ticked: Condition = { type: 'checked', field: 'autres' };
    const man: Condition = { type: 'equals', field: 'gender', value: 'Homme' };
    expect(is({ type: 'all', conditions: [ticked, man] }, answers)).toBe(false);
    expect(is({ type: 'any', conditions: [ticked, man] }, answers)).toBe(true);
    expect(is({ type: 'not', condition: man }, answers)).toBe(true);
    expect(is({ type: 'all', conditions: [ticked, { type: 'not', condition: man }] }, answers)).toBe(true);
  });

  it('treats an unknown field as unanswered', () => {
    expect(is({ type: 'answered', field: 'nothing' }, { general: { nothing: 'x' } })).toBe(false);
  });

  it('reads derived facts through the same lookup as answers', () => {
    const facts: Record<string, number> = { $age: 50 };
    const lookup = (field: string) => facts[field];
    expect(evaluateCondition({ type: 'compare', field: '$age', op: 'gte', value: 50 }, lookup)).toBe(true);
    expect(evaluateCondition({ type: 'not', condition: { type: 'answered', field: '$bmi' } }, lookup)).toBe(true);
  });
});

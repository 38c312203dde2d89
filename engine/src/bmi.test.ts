import { describe, expect, it } from 'vitest';
import { bmiEvaluationOf, bmiFieldsOf, bmiOf, computeBmi, PLAUSIBLE_BMI } from './bmi';
import type { Answers } from './definition';
import { resolveDefinition } from './resolveDefinition';
import { testDefinitionFile, testVocabularies } from './testing/testDefinition';
import { bandDefinitions, firstBandDefinitions } from './testing/testBands';

describe('computeBmi', () => {
  it('divides the weight by the square of the height in metres', () => {
    expect(computeBmi(180, 81)).toBe(25);
    expect(computeBmi(170, 65)).toBeCloseTo(22.491349, 6);
  });

  it('rounds to 1e-6 so a threshold compares without float noise', () => {
    // 48.64 / 1.6² is 18.999999999999996 and 72.25 / 1.7² is 25.000000000000004 in floating point.
    expect(48.64 / (1.6 * 1.6)).not.toBe(19);
    expect(computeBmi(160, 48.64)).toBe(19);
    expect(72.25 / (1.7 * 1.7)).not.toBe(25);
    expect(computeBmi(170, 72.25)).toBe(25);
  });

  it('is null when height or weight is missing or zero', () => {
    expect(computeBmi(undefined, 70)).toBeNull();
    expect(computeBmi(170, undefined)).toBeNull();
    expect(computeBmi(0, 70)).toBeNull();
    expect(computeBmi(170, 0)).toBeNull();
    expect(computeBmi(null, null)).toBeNull();
  });

  it('is null for values that are not usable numbers', () => {
    expect(computeBmi(-170, 70)).toBeNull();
    expect(computeBmi('170', 70)).toBeNull();
    expect(computeBmi(Number.POSITIVE_INFINITY, 70)).toBeNull();
    expect(computeBmi(170, Number.NaN)).toBeNull();
  });
});

describe('bmiOf', () => {
  const definition = resolveDefinition(testDefinitionFile, testVocabularies);

  it('finds height and weight where the BMI flags read them', () => {
    expect(bmiFieldsOf(definition)).toEqual({ height: 'height', weight: 'weight', section: 'body' });
    for (const band of ['18to25', '45to50', '60to65', '70to75'] as const) {
      expect(bmiFieldsOf(bandDefinitions[band])).toMatchObject({ height: 'height', weight: 'weight' });
    }
  });

  it('reads them in their own section', () => {
    expect(bmiOf(definition, { body: { height: 180, weight: 81 } })).toBe(25);
    expect(bmiOf(definition, { general: { height: 180, weight: 81 } })).toBeNull();
  });

  it('is null when either is blank, and for a definition without a BMI flag', () => {
    expect(bmiOf(definition, { body: { height: 180 } })).toBeNull();
    const noBmi = { ...definition, pages: definition.pages.map((p) => ({ ...p, computed: [] })) };
    expect(bmiFieldsOf(noBmi)).toBeNull();
    expect(bmiOf(noBmi, { body: { height: 180, weight: 81 } })).toBeNull();
  });
});

describe('bmiEvaluationOf (D24)', () => {
  const body = (height: unknown, weight: unknown) => ({ physicalHealth: { height, weight } }) as unknown as Answers;

  it('evaluates a BMI from plausible inputs only, within the ranges the definition declares', () => {
    const current = bandDefinitions['45to50'];
    expect(bmiEvaluationOf(current, body(175, 70))).toEqual({ status: 'evaluated', value: 22.857143 });
    // The newest version declares 100-230 cm and 25-250 kg: 99 cm or 251 kg is refused, and never divided.
    expect(bmiEvaluationOf(current, body(99, 20))).toEqual({ status: 'implausible', value: null });
    expect(bmiEvaluationOf(current, body(230, 251))).toEqual({ status: 'implausible', value: null });
    expect(bmiEvaluationOf(current, body(1.75, 70))).toEqual({ status: 'implausible', value: null });
  });

  it('keeps a form stored in the first version with a height in metres from printing 228 571 (its range allowed it)', () => {
    const first = firstBandDefinitions['45to50'];
    expect(computeBmi(1.75, 70)).toBeGreaterThan(200_000);
    expect(bmiEvaluationOf(first, body(1.75, 70))).toEqual({ status: 'implausible', value: null });
    expect(bmiOf(first, body(1.75, 70))).toBeNull();
  });

  it(`gives no BMI outside ${PLAUSIBLE_BMI.min} to ${PLAUSIBLE_BMI.max}, bounds included`, () => {
    const first = firstBandDefinitions['45to50'];
    expect(bmiOf(first, body(200, 39.96))).toBeNull(); // 9.99
    expect(bmiOf(first, body(200, 40))).toBe(10);
    expect(bmiOf(first, body(100, 80))).toBe(80);
    expect(bmiOf(first, body(100, 80.01))).toBeNull();
  });

  it('tells a missing input from an implausible one', () => {
    const current = bandDefinitions['45to50'];
    expect(bmiEvaluationOf(current, {})).toEqual({ status: 'missing', value: null });
    expect(bmiEvaluationOf(current, { physicalHealth: { height: 175 } })).toEqual({ status: 'missing', value: null });
    expect(bmiEvaluationOf(current, body('175', 70))).toEqual({ status: 'implausible', value: null });
  });
});

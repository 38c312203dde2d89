import { describe, expect, it } from 'vitest';
import type { BandCode, Definition } from './definition';
import { computeFields } from './computeFields';
import { fieldsOf } from './fieldsOf';
import { resolveDefinition } from './resolveDefinition';
import { bandDefinitions } from './testing/testBands';
import { testDefinitionFile, testVocabularies } from './testing/testDefinition';

/** Flags for a height and weight, read back from the section the definition stores them in. */
function flags(definition: Definition, height: unknown, weight: unknown) {
  const section = fieldsOf(definition).get('height')?.section;
  if (!section) throw new Error(`${definition.id} has no height`);
  const sectionAnswers: Record<string, unknown> = {};
  if (height !== undefined) sectionAnswers.height = height;
  if (weight !== undefined) sectionAnswers.weight = weight;
  const answers = computeFields(definition, { [section]: sectionAnswers as Record<string, number> });
  return { imcBas: answers[section]?.imcBas, imcHaut: answers[section]?.imcHaut };
}

// At 200 cm the index is weight / 4, so each row names its index exactly.
const lowThreshold: Record<BandCode, number> = { '18to25': 18, '45to50': 19, '60to65': 18, '70to75': 18 };

describe('BMI flags of every band (docs/product.md §Q5)', () => {
  for (const band of Object.keys(lowThreshold) as BandCode[]) {
    const definition = bandDefinitions[band];
    const low = lowThreshold[band];
    const rows: Array<[bmi: number, imcBas: boolean, imcHaut: boolean]> = [
      [low - 1, true, false],
      [low - 0.1, true, false],
      [low - 0.01, true, false],
      [low, false, false],
      [low + 0.01, false, false],
      [22, false, false],
      [24.99, false, false],
      [25, false, false],
      [25.01, false, true],
      [25.1, false, true],
      [40, false, true],
    ];
    for (const [bmi, imcBas, imcHaut] of rows) {
      it(`${band}: BMI ${bmi} → imcBas ${imcBas}, imcHaut ${imcHaut}`, () => {
        expect(flags(definition, 200, Math.round(bmi * 4 * 1e6) / 1e6)).toEqual({ imcBas, imcHaut });
      });
    }

    it(`${band}: both flags false when height or weight is missing or zero`, () => {
      const none = { imcBas: false, imcHaut: false };
      expect(flags(definition, undefined, 50)).toEqual(none);
      expect(flags(definition, 170, undefined)).toEqual(none);
      expect(flags(definition, 0, 50)).toEqual(none);
      expect(flags(definition, 170, 0)).toEqual(none);
      expect(flags(definition, undefined, undefined)).toEqual(none);
    });

    it(`${band}: a threshold reached through float noise is not crossed`, () => {
      // Unrounded, 48.64 kg at 160 cm is 18.999999999999996, 46.08 kg is 17.999999999999996
      // and 72.25 kg at 170 cm is 25.000000000000004.
      expect(flags(definition, 160, low === 19 ? 48.64 : 46.08).imcBas).toBe(false);
      expect(flags(definition, 170, 72.25).imcHaut).toBe(false);
    });
  }

  it('45-50: BMI 18.9 is low, 19.0 is not; 25.0 is not high, 25.01 is', () => {
    const definition = bandDefinitions['45to50'];
    expect(flags(definition, 200, 75.6).imcBas).toBe(true);
    expect(flags(definition, 200, 76).imcBas).toBe(false);
    expect(flags(definition, 200, 100).imcHaut).toBe(false);
    expect(flags(definition, 200, 100.04).imcHaut).toBe(true);
  });

  it('18-25: BMI 18.9 is not low, 17.9 is', () => {
    const definition = bandDefinitions['18to25'];
    expect(flags(definition, 200, 75.6).imcBas).toBe(false);
    expect(flags(definition, 200, 71.6).imcBas).toBe(true);
  });
});

describe('computeFields', () => {
  const definition = resolveDefinition(testDefinitionFile, testVocabularies);

  it('overwrites computed values sent by a client', () => {
    const answers = computeFields(definition, { body: { height: 180, weight: 70, imcBas: true, imcHaut: true } });
    expect(answers.body).toEqual({ height: 180, weight: 70, imcBas: false, imcHaut: false });
  });

  it('adds computed fields to sections present only', () => {
    expect(computeFields(definition, {})).toEqual({});
    expect(computeFields(definition, { body: {} })).toEqual({ body: { imcBas: false, imcHaut: false } });
  });

  it('lists ticked boxes in definition order, not in answer order', () => {
    const answers = computeFields(definition, { priorities: { stopSmoking: true, betterSleep: true } });
    expect(answers.priorities?.priorityTopics).toEqual(['betterSleep', 'stopSmoking']);
    const none = computeFields(definition, { priorities: { stopSmoking: false } });
    expect(none.priorities?.priorityTopics).toEqual([]);
  });

  it('does not change its input', () => {
    const input = { body: { height: 180, weight: 90 } };
    computeFields(definition, input);
    expect(input).toEqual({ body: { height: 180, weight: 90 } });
  });
});

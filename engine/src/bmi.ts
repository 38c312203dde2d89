import type { Answers, Definition } from './definition';
import { answerOf } from './answerOf';
import { fieldsOf } from './fieldsOf';

/** Where a definition asks height (cm) and weight (kg): the fields its BMI flags read. */
export interface BmiFields {
  height: string;
  weight: string;
  /** The section of the page that asks them, where the BMI is printed. */
  section: string;
}

/**
 * Body-mass index = weight (kg) / height (m)², rounded to 1e-6 so that thresholds compare
 * without float noise (54.91 kg at 170 cm is 19, not 18.999999999999996).
 * Null when height or weight is missing, zero, negative or not a finite number.
 * The formula only: a record's BMI is `bmiOf(definition, answers)`.
 */
export function computeBmi(heightCm: unknown, weightKg: unknown): number | null {
  if (typeof heightCm !== 'number' || typeof weightKg !== 'number') return null;
  if (!Number.isFinite(heightCm) || !Number.isFinite(weightKg) || heightCm <= 0 || weightKg <= 0) return null;
  const heightM = heightCm / 100;
  return Math.round((weightKg / (heightM * heightM)) * 1e6) / 1e6;
}

const cache = new WeakMap<Definition, BmiFields | null>();

/**
 * The height and weight fields of a definition, read from its BMI flags (checkDefinition makes
 * every flag name the same two), or null when the definition computes no BMI.
 */
export function bmiFieldsOf(definition: Definition): BmiFields | null {
  if (cache.has(definition)) return cache.get(definition) ?? null;
  let found: BmiFields | null = null;
  for (const page of definition.pages) {
    const flag = page.computed?.find((c) => c.kind === 'bmiFlag');
    if (flag?.kind !== 'bmiFlag') continue;
    const section = fieldsOf(definition).get(flag.height)?.section ?? page.section;
    found = { height: flag.height, weight: flag.weight, section };
    break;
  }
  cache.set(definition, found);
  return found;
}

/**
 * The BMI of an answer set: the one place that finds height and weight and divides. The
 * computed flags (imcBas, imcHaut), the report's `$bmi` and the printed pages all read it.
 */
export function bmiOf(definition: Definition, answers: Answers): number | null {
  const where = bmiFieldsOf(definition);
  if (!where) return null;
  return computeBmi(answerOf(where.height, answers, definition), answerOf(where.weight, answers, definition));
}

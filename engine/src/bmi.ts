import type { BmiStatus } from './assessment/assessmentTypes';
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
 * The indices a person can have (kg/m²): outside, the inputs are a typing mistake (1.75 for a
 * height in centimetres gives 228,6), not a body, and no BMI is printed (D24).
 */
export const PLAUSIBLE_BMI = { min: 10, max: 80 } as const;

/** A BMI rounded to 1e-6 when evaluated; otherwise no value and the reason. */
export type { BmiStatus };

export type BmiEvaluation =
  { status: 'evaluated'; value: number } | { status: Exclude<BmiStatus, 'evaluated'>; value: null };

/** Whether a number lies within the range its number question declares (D24: data, not code). */
function withinDeclaredRange(definition: Definition, field: string, value: number): boolean {
  const item = fieldsOf(definition).get(field)?.item;
  if (item?.kind !== 'number') return true;
  return value >= item.min && (item.max === undefined || value <= item.max);
}

/**
 * The BMI of an answer set, or why there is none: the one place that finds height and weight
 * and divides. A BMI is computed only from a height and a weight within the ranges their
 * questions declare, and only when the result lies within PLAUSIBLE_BMI; otherwise it is "non
 * évaluable" (missing or implausible), never a number. The computed flags (imcBas, imcHaut),
 * the report's `$bmi` and the printed pages all read it. Null for a definition without a BMI.
 */
export function bmiEvaluationOf(definition: Definition, answers: Answers): BmiEvaluation | null {
  const where = bmiFieldsOf(definition);
  if (!where) return null;
  const height = answerOf(where.height, answers, definition);
  const weight = answerOf(where.weight, answers, definition);
  if (height === undefined || weight === undefined) return { value: null, status: 'missing' };
  const bmi = computeBmi(height, weight);
  const plausible =
    bmi !== null &&
    withinDeclaredRange(definition, where.height, height as number) &&
    withinDeclaredRange(definition, where.weight, weight as number) &&
    bmi >= PLAUSIBLE_BMI.min &&
    bmi <= PLAUSIBLE_BMI.max;
  return plausible ? { value: bmi, status: 'evaluated' } : { value: null, status: 'implausible' };
}

/**
 * A BMI as people read it, to one decimal, half up (24.95 → 25): the one rounding of the review
 * page, Questionnaire.pdf and Bilan.pdf, so that they never print two different indices.
 */
export function roundBmi(value: number): number {
  return Math.round(value * 10) / 10;
}

/** The BMI of an answer set when it can be evaluated (see bmiEvaluationOf), else null. */
export function bmiOf(definition: Definition, answers: Answers): number | null {
  return bmiEvaluationOf(definition, answers)?.value ?? null;
}

import { bmiEvaluationOf, roundBmi } from '../bmi';
import type { Answers, Definition } from '../definition';
import type { ReportContext, AssessmentPart, BmiCategory, BmiResult } from './assessmentTypes';

/** WHO adult categories (kg/m²): under 18.5, 18.5 to under 25, 25 to under 30, 30 and over. */
export function bmiCategory(bmi: number): BmiCategory {
  if (bmi < 18.5) return 'underweight';
  if (bmi < 25) return 'normal';
  if (bmi < 30) return 'overweight';
  return 'obese';
}

/**
 * BMI with its WHO category and, where declared (70-75), the undernutrition threshold; value and
 * category null, with the reason in `status`, when the BMI cannot be evaluated (D24).
 */
export function computeBmiResult(
  definition: Definition,
  answers: Answers,
  part: AssessmentPart | undefined,
  context: ReportContext,
): BmiResult {
  const evaluation = bmiEvaluationOf(definition, answers) ?? { status: 'missing', value: null };
  const bmi = evaluation.value;
  const result: BmiResult =
    evaluation.status === 'evaluated'
      ? { value: roundBmi(evaluation.value), category: bmiCategory(evaluation.value), status: 'evaluated' }
      : { value: null, category: null, status: evaluation.status };
  const threshold = part?.undernutrition;
  if (threshold && context.age >= threshold.fromAge) {
    result.undernutritionRisk = bmi === null ? null : bmi < threshold.bmiBelow;
    // Issue 31: below the older person's threshold is not « Corpulence normale ».
    if (result.undernutritionRisk && result.category === 'normal') result.category = 'lowForAge';
  }
  return result;
}

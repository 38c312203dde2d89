import { bmiOf } from '../bmi';
import type { Answers, Definition } from '../definition';
import type { ReportContext, AssessmentPart, BmiCategory, BmiResult } from './assessmentTypes';

/** WHO adult categories (kg/m²): under 18.5, 18.5 to under 25, 25 to under 30, 30 and over. */
export function bmiCategory(bmi: number): BmiCategory {
  if (bmi < 18.5) return 'underweight';
  if (bmi < 25) return 'normal';
  if (bmi < 30) return 'overweight';
  return 'obese';
}

/** BMI with its WHO category and, where declared (70-75), the undernutrition threshold. */
export function computeBmiResult(
  definition: Definition,
  answers: Answers,
  part: AssessmentPart | undefined,
  context: ReportContext,
): BmiResult {
  const bmi = bmiOf(definition, answers);
  const result: BmiResult = {
    value: bmi === null ? null : Math.round(bmi * 10) / 10,
    category: bmi === null ? null : bmiCategory(bmi),
  };
  const threshold = part?.undernutrition;
  if (threshold && context.age >= threshold.fromAge) {
    result.undernutritionRisk = bmi === null ? null : bmi < threshold.bmiBelow;
  }
  return result;
}

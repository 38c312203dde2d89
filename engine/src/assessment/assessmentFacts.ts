import type { AnswerValue, Answers, Definition } from '../definition';
import { answerOf } from '../answerOf';
import type { ReportContext, AssessmentPart, ScoreResult, Sex } from './assessmentTypes';
import { bmiOf } from '../bmi';

/**
 * The derived facts a rule may name besides the answers. Kept few on purpose:
 * - `$age`: completed years on the day of the report (number);
 * - `$sex`: 'femme' | 'homme' | 'autre', from the band's sex question mapped by `sexValues`,
 *   else from the context; absent when unknown;
 * - `$bmi`: body-mass index (number), absent when height or weight is missing;
 * - `$phq2`, `$gad2`: score totals (numbers), absent when "non évaluable".
 */
export const FACTS = ['$age', '$sex', '$bmi', '$phq2', '$gad2'] as const;
export const SEX_CODES: readonly Sex[] = ['femme', 'homme', 'autre'];

function sexOf(
  definition: Definition,
  answers: Answers,
  part: AssessmentPart | undefined,
  context: ReportContext,
): Sex | undefined {
  if (part?.sexField && part.sexValues) {
    const answer = answerOf(part.sexField, answers, definition);
    if (typeof answer === 'string' && Object.hasOwn(part.sexValues, answer)) return part.sexValues[answer];
  }
  return context.sex;
}

export function assessmentFacts(
  definition: Definition,
  answers: Answers,
  part: AssessmentPart | undefined,
  context: ReportContext,
  scores: { phq2: ScoreResult; gad2: ScoreResult },
): Map<string, AnswerValue> {
  const facts = new Map<string, AnswerValue>();
  facts.set('$age', context.age);
  const sex = sexOf(definition, answers, part, context);
  if (sex) facts.set('$sex', sex);
  const bmi = bmiOf(definition, answers);
  if (bmi !== null) facts.set('$bmi', bmi);
  if (scores.phq2.total !== null) facts.set('$phq2', scores.phq2.total);
  if (scores.gad2.total !== null) facts.set('$gad2', scores.gad2.total);
  return facts;
}

import type { AnswerValue, Answers, ComputedField, Definition } from './definition';
import { answerOf } from './answerOf';
import { bmiOf } from './bmi';
import { isRecord } from './isRecord';

/** The value of one computed field for an answer set. */
export function computeField(field: ComputedField, answers: Answers, definition: Definition): AnswerValue {
  if (field.kind === 'checkedList') {
    return field.fields.filter((key) => answerOf(key, answers, definition) === true);
  }
  const bmi = bmiOf(definition, answers);
  if (bmi === null) return false;
  return field.op === 'lt' ? bmi < field.threshold : bmi > field.threshold;
}

/**
 * Recomputes every computed field of every section present in the answer set (D5b): what a
 * client sent for those keys is overwritten. Returns a new answer set.
 */
export function computeFields(definition: Definition, answers: Answers): Answers {
  const result: Answers = { ...answers };
  for (const page of definition.pages) {
    const section = result[page.section];
    if (!page.computed?.length || !isRecord(section)) continue;
    const next = { ...section };
    for (const field of page.computed) next[field.key] = computeField(field, answers, definition);
    result[page.section] = next;
  }
  return result;
}

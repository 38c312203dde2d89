import type { AnswerValue, Answers, ComputedField, Definition } from './definition';
import { answerOf } from './answerOf';
import { bmiOf } from './bmi';
import { isRecord } from './isRecord';

/** The value of one computed field for an answer set; `bmi` gives that answer set's BMI. */
function computeField(
  field: ComputedField,
  answers: Answers,
  definition: Definition,
  bmi: () => number | null,
): AnswerValue {
  if (field.kind === 'checkedList') {
    return field.fields.filter((key) => answerOf(key, answers, definition) === true);
  }
  const value = bmi();
  if (value === null) return false;
  return field.op === 'lt' ? value < field.threshold : value > field.threshold;
}

/**
 * Recomputes every computed field of every section present in the answer set (D5b): what a
 * client sent for those keys is overwritten. Returns a new answer set. The BMI the flags
 * compare is computed once, when a flag first needs it.
 */
export function computeFields(definition: Definition, answers: Answers): Answers {
  let bmi: { value: number | null } | undefined;
  const bmiOnce = () => (bmi ??= { value: bmiOf(definition, answers) }).value;
  const result: Answers = { ...answers };
  for (const page of definition.pages) {
    const section = result[page.section];
    if (!page.computed?.length || !isRecord(section)) continue;
    const next = { ...section };
    for (const field of page.computed) next[field.key] = computeField(field, answers, definition, bmiOnce);
    result[page.section] = next;
  }
  return result;
}

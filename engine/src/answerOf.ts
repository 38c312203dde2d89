import type { AnswerValue, Answers, Definition } from './definition';
import { fieldsOf } from './fieldsOf';
import { isRecord } from './isRecord';

/** The stored value of a field, wherever its section is; undefined when absent or unknown. */
export function answerOf(field: string, answers: Answers, definition: Definition): AnswerValue | undefined {
  const info = fieldsOf(definition).get(field);
  if (!info) return undefined;
  const section = answers[info.section];
  if (!isRecord(section)) return undefined;
  const value = Object.hasOwn(section, field) ? section[field] : undefined;
  return value === null || value === '' ? undefined : value;
}

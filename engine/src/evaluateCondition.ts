import type { AnswerValue, Answers, Condition, Definition } from './definition';
import { fieldsOf } from './fieldsOf';

/** A value the patient left empty: absent, null, "" or an empty list (toggle-to-clear). */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

function valueOf(field: string, answers: Answers, definition: Definition): AnswerValue | undefined {
  const info = fieldsOf(definition).get(field);
  if (!info) return undefined;
  const section = answers[info.section];
  if (typeof section !== 'object' || section === null || Array.isArray(section)) return undefined;
  return Object.hasOwn(section, field) ? section[field] : undefined;
}

/** Evaluates a condition tree against an answer set; a missing field is simply unanswered. */
export function evaluateCondition(condition: Condition, answers: Answers, definition: Definition): boolean {
  switch (condition.type) {
    case 'checked':
      return valueOf(condition.field, answers, definition) === true;
    case 'equals':
      return valueOf(condition.field, answers, definition) === condition.value;
    case 'oneOf': {
      const value = valueOf(condition.field, answers, definition);
      return typeof value === 'string' && condition.values.includes(value);
    }
    case 'answered':
      return !isBlank(valueOf(condition.field, answers, definition));
    case 'compare': {
      const value = valueOf(condition.field, answers, definition);
      if (typeof value !== 'number' || !Number.isFinite(value)) return false;
      switch (condition.op) {
        case 'lt':
          return value < condition.value;
        case 'lte':
          return value <= condition.value;
        case 'gt':
          return value > condition.value;
        case 'gte':
          return value >= condition.value;
      }
      return false;
    }
    case 'all':
      return condition.conditions.every((c) => evaluateCondition(c, answers, definition));
    case 'any':
      return condition.conditions.some((c) => evaluateCondition(c, answers, definition));
    case 'not':
      return !evaluateCondition(condition.condition, answers, definition);
  }
}

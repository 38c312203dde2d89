import type { AnswerValue, Answers, Condition, Definition } from './definition';
import { answerOf } from './answerOf';

/** A value the patient left empty: absent, null, "" or an empty list (toggle-to-clear). */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** Reads a field, or a derived fact such as the report's `$age`, by name; undefined when blank. */
export type Lookup = (field: string) => AnswerValue | undefined;

/** Evaluates a condition tree against an answer set; a missing field is simply unanswered. */
export function evaluateCondition(condition: Condition, answers: Answers, definition: Definition): boolean {
  return evaluateConditionWith(condition, (field) => answerOf(field, answers, definition));
}

/**
 * The same tree read through a lookup, so that the report's rules can name derived facts as well
 * as answers. A blank value satisfies nothing but `not`.
 */
export function evaluateConditionWith(condition: Condition, lookup: Lookup): boolean {
  switch (condition.type) {
    case 'checked':
      return lookup(condition.field) === true;
    case 'equals':
      return lookup(condition.field) === condition.value;
    case 'oneOf': {
      const value = lookup(condition.field);
      return typeof value === 'string' && condition.values.includes(value);
    }
    case 'answered':
      return !isBlank(lookup(condition.field));
    case 'compare': {
      const value = lookup(condition.field);
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
      return condition.conditions.every((c) => evaluateConditionWith(c, lookup));
    case 'any':
      return condition.conditions.some((c) => evaluateConditionWith(c, lookup));
    case 'not':
      return !evaluateConditionWith(condition.condition, lookup);
  }
}

import type { AnswerValue, Answers, Condition, Definition } from './definition';
import { answerOf } from './answerOf';

/** A value the patient left empty: absent, null, "" or an empty list (toggle-to-clear). */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** Reads a field, or a derived fact such as the report's `$age`, by name; undefined when blank. */
export type Lookup = (field: string) => AnswerValue | undefined;

/** The lookup of an answer set: a field's stored value wherever its section is. */
export function answersLookup(definition: Definition, answers: Answers): Lookup {
  return (field) => answerOf(field, answers, definition);
}

/**
 * Evaluates a condition tree read through a lookup: the answers (visibility, completion) or the
 * answers plus the report's derived facts (report rules). A missing field is simply unanswered;
 * a blank value satisfies nothing but `not`.
 */
export function evaluateCondition(condition: Condition, lookup: Lookup): boolean {
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
      return condition.conditions.every((c) => evaluateCondition(c, lookup));
    case 'any':
      return condition.conditions.some((c) => evaluateCondition(c, lookup));
    case 'not':
      return !evaluateCondition(condition.condition, lookup);
  }
}

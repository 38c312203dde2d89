import type { AnswerValue, Condition } from '../definition';

/** Reads a field or a derived fact ($age, ...) by name; undefined when blank. */
export type Lookup = (field: string) => AnswerValue | undefined;

function isBlank(value: AnswerValue | undefined): boolean {
  return value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

/**
 * The condition tree of the definitions, evaluated through a lookup so that report rules can
 * name derived facts as well as answers. A blank value satisfies nothing but `not`.
 */
export function evaluateRuleCondition(condition: Condition, lookup: Lookup): boolean {
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
      return condition.conditions.every((c) => evaluateRuleCondition(c, lookup));
    case 'any':
      return condition.conditions.some((c) => evaluateRuleCondition(c, lookup));
    case 'not':
      return !evaluateRuleCondition(condition.condition, lookup);
  }
}

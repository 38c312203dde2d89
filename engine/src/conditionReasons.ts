import type { AnswerValue, Condition } from './definition';
import { evaluateCondition, type Lookup } from './evaluateCondition';

/** A field or fact that made a condition hold, with its value. */
export interface ConditionReason {
  field: string;
  value: AnswerValue;
}

function collect(condition: Condition, lookup: Lookup, into: ConditionReason[]): void {
  switch (condition.type) {
    case 'all':
    case 'any':
      for (const child of condition.conditions) {
        if (evaluateCondition(child, lookup)) collect(child, lookup, into);
      }
      return;
    case 'not':
      // What is absent proves nothing to the reader ("not a man" is no reason to show).
      return;
    default: {
      if (!evaluateCondition(condition, lookup)) return;
      const value = lookup(condition.field);
      if (value !== undefined && !into.some((r) => r.field === condition.field))
        into.push({ field: condition.field, value });
    }
  }
}

/**
 * Why a condition holds, read through the same lookup as evaluateCondition: every leaf that holds
 * on the way to the result (each branch of an `any` that holds, every branch of an `all`),
 * each field once, in the order the condition names them. Empty when the condition does not
 * hold, or holds only through a `not`.
 */
export function conditionReasons(condition: Condition, lookup: Lookup): ConditionReason[] {
  if (!evaluateCondition(condition, lookup)) return [];
  const reasons: ConditionReason[] = [];
  collect(condition, lookup, reasons);
  return reasons;
}

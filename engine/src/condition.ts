// The condition trees of the definitions (visibility, report rules): their own module, so that the
// definition's shape and the report's shape both use them without importing each other.

/** Condition trees over answers and computed fields: data, evaluated by pure functions. */
export type Condition =
  | { type: 'checked'; field: string }
  | { type: 'equals'; field: string; value: string | number | boolean }
  | { type: 'oneOf'; field: string; values: string[] }
  | { type: 'answered'; field: string }
  | { type: 'compare'; field: string; op: 'lt' | 'lte' | 'gt' | 'gte'; value: number }
  | { type: 'all'; conditions: Condition[] }
  | { type: 'any'; conditions: Condition[] }
  | { type: 'not'; condition: Condition };

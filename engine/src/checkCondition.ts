import type { Condition } from './definition';
import type { FieldIndex } from './fieldsOf';

/** One problem of a condition tree; `path` points into the definition file. */
export interface ConditionIssue {
  path: string;
  field?: string;
  message: string;
}

/** The derived facts a report rule may name besides the fields (assessment/assessmentFacts). */
export interface KnownFacts {
  names: readonly string[];
  /** Facts that hold numbers: compare or answered only. */
  numeric: ReadonlySet<string>;
  /** What `$sex` may equal. */
  sexCodes: readonly string[];
}

type Leaf = Exclude<Condition, { type: 'all' | 'any' | 'not' }>;

const BOOLEAN_KINDS = new Set(['box', 'bmiFlag']);

function answerList(options: readonly string[] | undefined): string {
  return options ? ` (${options.join(' / ')})` : '';
}

function checkFact(condition: Leaf, path: string, facts: KnownFacts): ConditionIssue[] {
  const { field } = condition;
  const issue = (message: string): ConditionIssue[] => [{ path, field, message }];
  if (!facts.names.includes(field)) return issue(`unknown fact "${field}" (known: ${facts.names.join(', ')})`);
  if (field === '$sex') {
    if (condition.type === 'checked' || condition.type === 'compare')
      return issue(`"$sex" cannot be used with ${condition.type}`);
    const values = condition.type === 'equals' ? [condition.value] : condition.type === 'oneOf' ? condition.values : [];
    return values
      .filter((value) => !facts.sexCodes.includes(String(value)))
      .flatMap((value) => issue(`"$sex" is never "${String(value)}" (one of ${facts.sexCodes.join(', ')})`));
  }
  if (facts.numeric.has(field) && condition.type !== 'compare' && condition.type !== 'answered')
    return issue(`"${field}" is a number: use compare or answered`);
  return [];
}

function checkLeaf(condition: Leaf, path: string, fields: FieldIndex): ConditionIssue[] {
  const { field } = condition;
  const issue = (message: string): ConditionIssue[] => [{ path, field, message }];
  const info = fields.get(field);
  if (!info) return issue(`condition "${condition.type}" names field "${field}", which does not exist`);
  switch (condition.type) {
    case 'checked':
      return BOOLEAN_KINDS.has(info.kind)
        ? []
        : issue(`condition "checked" on "${field}", which is a ${info.kind} field, not a box`);
    case 'equals':
      if (info.kind === 'single' && (typeof condition.value !== 'string' || !info.options?.includes(condition.value))) {
        return issue(
          `condition "equals" compares "${field}" with ${JSON.stringify(condition.value)}, which is not one of its answer strings${answerList(info.options)}`,
        );
      }
      if (BOOLEAN_KINDS.has(info.kind) && typeof condition.value !== 'boolean')
        return issue(`condition "equals" compares box "${field}" with a non-boolean value`);
      if (info.kind === 'number' && typeof condition.value !== 'number')
        return issue(`condition "equals" compares number "${field}" with a non-number value`);
      return [];
    case 'oneOf':
      if (info.kind !== 'single')
        return issue(`condition "oneOf" on "${field}", which is a ${info.kind} field, not a single choice`);
      return condition.values
        .filter((value) => !info.options?.includes(value))
        .flatMap((value) =>
          issue(
            `condition "oneOf" lists ${JSON.stringify(value)}, which is not an answer string of "${field}"${answerList(info.options)}`,
          ),
        );
    case 'compare':
      return info.kind === 'number'
        ? []
        : issue(`condition "compare" on "${field}", which is a ${info.kind} field, not a number`);
    case 'answered':
      return [];
  }
}

/**
 * What the meta-schema cannot see in a condition tree: every field it names exists and is of a
 * kind the condition can read, every answer string is one of the field's. With `facts` (report
 * rules), `$` names are derived facts, checked against what they can hold.
 */
export function checkCondition(
  condition: Condition,
  path: string,
  fields: FieldIndex,
  facts?: KnownFacts,
): ConditionIssue[] {
  switch (condition.type) {
    case 'all':
    case 'any':
      return condition.conditions.flatMap((c, i) => checkCondition(c, `${path}/conditions/${i}`, fields, facts));
    case 'not':
      return checkCondition(condition.condition, `${path}/condition`, fields, facts);
    default:
      return facts && condition.field.startsWith('$')
        ? checkFact(condition, path, facts)
        : checkLeaf(condition, path, fields);
  }
}

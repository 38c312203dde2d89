import { closestName } from './closestName';
import type { Condition } from './definition';
import type { FieldIndex } from './fieldsOf';
import { quoted } from './quoted';

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
  return options ? ` (${options.map(quoted).join(', ')})` : '';
}

/** What a person calls each kind of field, in the check's messages. */
const KIND_WORDS: Record<string, string> = {
  single: 'une question à réponse unique',
  box: 'une case',
  number: 'un nombre',
  text: 'un texte',
  textarea: 'un texte long',
  bmiFlag: 'un indicateur d’IMC',
  checkedList: 'une liste de cases',
};
const kindWord = (kind: string) => KIND_WORDS[kind] ?? kind;

/** « ; vouliez-vous dire x ? » (no-break spaces) when a name is near the one given. */
function suggestion(name: string, candidates: Iterable<string>): string {
  const meant = closestName(name, candidates);
  return meant ? `\u00a0; vouliez-vous dire ${meant}\u00a0?` : '';
}

function checkFact(condition: Leaf, path: string, facts: KnownFacts): ConditionIssue[] {
  const { field } = condition;
  const issue = (message: string): ConditionIssue[] => [{ path, field, message }];
  if (!facts.names.includes(field))
    return issue(
      `${field}\u00a0: mesure inconnue (connues\u00a0: ${facts.names.join(', ')})${suggestion(field, facts.names)}`,
    );
  if (field === '$sex') {
    if (condition.type === 'checked' || condition.type === 'compare')
      return issue(`$sex ne se lit pas avec ${quoted(condition.type)}\u00a0: utilisez equals ou oneOf`);
    const values = condition.type === 'equals' ? [condition.value] : condition.type === 'oneOf' ? condition.values : [];
    return values
      .filter((value) => !facts.sexCodes.includes(String(value)))
      .flatMap((value) =>
        issue(`$sex ne vaut jamais ${quoted(String(value))} (valeurs\u00a0: ${facts.sexCodes.join(', ')})`),
      );
  }
  if (facts.numeric.has(field) && condition.type !== 'compare' && condition.type !== 'answered')
    return issue(`${field} est un nombre\u00a0: utilisez compare ou answered`);
  return [];
}

function checkLeaf(condition: Leaf, path: string, fields: FieldIndex): ConditionIssue[] {
  const { field } = condition;
  const issue = (message: string): ConditionIssue[] => [{ path, field, message }];
  const info = fields.get(field);
  if (!info) return issue(`condition sur ${field}\u00a0: question inconnue${suggestion(field, fields.keys())}`);
  switch (condition.type) {
    case 'checked':
      return BOOLEAN_KINDS.has(info.kind)
        ? []
        : issue(`condition ${quoted('checked')} sur ${field}, qui est ${kindWord(info.kind)} et non une case`);
    case 'equals':
      if (info.kind === 'single' && (typeof condition.value !== 'string' || !info.options?.includes(condition.value))) {
        const meant =
          typeof condition.value === 'string' ? closestName(condition.value, info.options ?? []) : undefined;
        return issue(
          `condition sur ${field}\u00a0: ${quoted(String(condition.value))} n’est pas une de ses réponses${answerList(info.options)}${meant ? `\u00a0; vouliez-vous dire ${quoted(meant)}\u00a0?` : ''}`,
        );
      }
      if (BOOLEAN_KINDS.has(info.kind) && typeof condition.value !== 'boolean')
        return issue(`condition sur la case ${field}\u00a0: la valeur doit être true ou false`);
      if (info.kind === 'number' && typeof condition.value !== 'number')
        return issue(`condition sur le nombre ${field}\u00a0: la valeur doit être un nombre`);
      return [];
    case 'oneOf':
      if (info.kind !== 'single')
        return issue(
          `condition ${quoted('oneOf')} sur ${field}, qui est ${kindWord(info.kind)} et non une question à réponse unique`,
        );
      return condition.values
        .filter((value) => !info.options?.includes(value))
        .flatMap((value) => {
          const meant = closestName(value, info.options ?? []);
          return issue(
            `condition sur ${field}\u00a0: ${quoted(value)} n’est pas une de ses réponses${answerList(info.options)}${meant ? `\u00a0; vouliez-vous dire ${quoted(meant)}\u00a0?` : ''}`,
          );
        });
    case 'compare':
      return info.kind === 'number'
        ? []
        : issue(`condition ${quoted('compare')} sur ${field}, qui est ${kindWord(info.kind)} et non un nombre`);
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

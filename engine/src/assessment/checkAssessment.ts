import type { Condition, Definition } from '../definition';
import { fieldsOf, type FieldIndex } from '../fieldsOf';
import { FACTS, SEX_CODES } from './assessmentFacts';
import { assessmentOf } from './assessmentOf';
import { LEVELS, THEMES, type Source } from './assessmentTypes';

export interface AssessmentIssue {
  /** Where, JSON-pointer-like as in checkDefinition, e.g. `/assessment/rules/3/when`. */
  path: string;
  message: string;
}

const NUMERIC_FACTS = new Set(['$age', '$bmi', '$phq2', '$gad2']);

function checkCondition(condition: Condition, path: string, index: FieldIndex, issues: AssessmentIssue[]): void {
  const report = (message: string): void => {
    issues.push({ path, message });
  };
  switch (condition.type) {
    case 'all':
    case 'any':
      condition.conditions.forEach((c, i) => checkCondition(c, `${path}/conditions/${i}`, index, issues));
      return;
    case 'not':
      checkCondition(condition.condition, `${path}/condition`, index, issues);
      return;
  }
  const { field } = condition;
  if (field.startsWith('$')) {
    if (!(FACTS as readonly string[]).includes(field)) return report(`unknown fact "${field}" (known: ${FACTS.join(', ')})`);
    if (field === '$sex') {
      const values = condition.type === 'equals' ? [condition.value] : condition.type === 'oneOf' ? condition.values : null;
      if (condition.type === 'checked' || condition.type === 'compare') report(`"$sex" cannot be used with ${condition.type}`);
      for (const value of values ?? []) {
        if (!SEX_CODES.includes(value as never)) report(`"$sex" is never "${String(value)}" (one of ${SEX_CODES.join(', ')})`);
      }
    } else if (NUMERIC_FACTS.has(field) && condition.type !== 'compare' && condition.type !== 'answered') {
      report(`"${field}" is a number: use compare or answered`);
    }
    return;
  }
  const info = index.get(field);
  if (!info) return report(`field "${field}" does not exist in this definition`);
  switch (condition.type) {
    case 'checked':
      if (info.kind !== 'box' && info.kind !== 'bmiFlag') report(`"${field}" is not a checkbox`);
      return;
    case 'equals':
      if (info.kind === 'single') {
        if (!info.options?.includes(String(condition.value)) || typeof condition.value !== 'string') {
          report(`"${String(condition.value)}" is not an answer of "${field}" (${info.options?.join(' / ')})`);
        }
      } else if ((info.kind === 'box' || info.kind === 'bmiFlag') && typeof condition.value !== 'boolean') {
        report(`"${field}" is a checkbox: compare it to true or false`);
      } else if (info.kind === 'number' && typeof condition.value !== 'number') {
        report(`"${field}" is a number`);
      }
      return;
    case 'oneOf':
      if (info.kind !== 'single') return report(`"${field}" is not a single-choice question`);
      for (const value of condition.values) {
        if (!info.options?.includes(value)) report(`"${value}" is not an answer of "${field}" (${info.options?.join(' / ')})`);
      }
      return;
    case 'compare':
      if (info.kind !== 'number') report(`"${field}" is not a number`);
      return;
    case 'answered':
      return;
  }
}

function checkSource(source: Source | undefined, path: string, issues: AssessmentIssue[]): void {
  const ok =
    source &&
    typeof source.body === 'string' && source.body.trim() !== '' &&
    typeof source.document === 'string' && source.document.trim() !== '' &&
    Number.isInteger(source.year) && source.year >= 1900 && source.year <= 2100;
  if (!ok) issues.push({ path: `${path}/source`, message: 'a public source (body, document, year) is required' });
}

/**
 * Checks the assessment part of a resolved definition: every field and answer string a rule
 * names exists, every rule has a public source, ids are unique, score items are four-step
 * single choices, priorities are boxes and free texts are text fields.
 */
export function checkAssessment(definition: Definition): AssessmentIssue[] {
  const part = assessmentOf(definition);
  if (!part) return [];
  const index = fieldsOf(definition);
  const issues: AssessmentIssue[] = [];
  const ids = new Set<string>();
  const claim = (id: string, path: string) => {
    if (ids.has(id)) issues.push({ path, message: `duplicate id "${id}"` });
    ids.add(id);
  };

  part.rules.forEach((rule, i) => {
    const path = `/assessment/rules/${i}`;
    claim(rule.id, `${path}/id`);
    if (!THEMES.includes(rule.theme)) issues.push({ path: `${path}/theme`, message: `unknown theme "${rule.theme}"` });
    if (!LEVELS.includes(rule.level)) issues.push({ path: `${path}/level`, message: `unknown level "${rule.level}"` });
    if (!rule.title?.trim() || !rule.advice?.trim()) issues.push({ path, message: 'a title and an advice text are required' });
    checkCondition(rule.when, `${path}/when`, index, issues);
    checkSource(rule.source, path, issues);
  });

  (part.due ?? []).forEach((item, i) => {
    const path = `/assessment/due/${i}`;
    claim(item.id, `${path}/id`);
    checkCondition(item.appliesWhen, `${path}/appliesWhen`, index, issues);
    if (item.upToDateWhen) checkCondition(item.upToDateWhen, `${path}/upToDateWhen`, index, issues);
    if (item.dueWhen) checkCondition(item.dueWhen, `${path}/dueWhen`, index, issues);
    checkSource(item.source, path, issues);
  });

  if (part.sexField !== undefined) {
    const info = index.get(part.sexField);
    if (info?.kind !== 'single') {
      issues.push({ path: '/assessment/sexField', message: `"${part.sexField}" is not a single-choice question` });
    } else {
      for (const [answer, sex] of Object.entries(part.sexValues ?? {})) {
        if (!info.options?.includes(answer)) issues.push({ path: '/assessment/sexValues', message: `"${answer}" is not an answer of "${part.sexField}"` });
        if (!SEX_CODES.includes(sex)) issues.push({ path: '/assessment/sexValues', message: `"${sex}" is not a sex code` });
      }
    }
  }

  for (const name of ['phq2', 'gad2'] as const) {
    const config = part.scores?.[name];
    config?.items.forEach((field, i) => {
      const info = index.get(field);
      if (info?.kind !== 'single' || info.options?.length !== 4) {
        issues.push({ path: `/assessment/scores/${name}/items/${i}`, message: `"${field}" is not a four-step single-choice question` });
      }
    });
  }

  (part.priorities ?? []).forEach((field, i) => {
    const kind = index.get(field)?.kind;
    if (kind !== 'box' && kind !== 'checkedList') issues.push({ path: `/assessment/priorities/${i}`, message: `"${field}" is not a checkbox or a list of checkboxes` });
  });
  (part.freeText ?? []).forEach((field, i) => {
    const kind = index.get(field)?.kind;
    if (kind !== 'text' && kind !== 'textarea') issues.push({ path: `/assessment/freeText/${i}`, message: `"${field}" is not a free-text question` });
  });
  return issues;
}

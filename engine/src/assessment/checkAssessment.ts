import { checkCondition, type KnownFacts } from '../checkCondition';
import type { Definition } from '../definition';
import { fieldsOf } from '../fieldsOf';
import { phonesNotIn } from '../phoneLinks';
import { FACTS, SEX_CODES } from './assessmentFacts';
import { assessmentOf } from './assessmentOf';
import { LEVELS, THEMES, type Source } from './assessmentTypes';

export interface AssessmentIssue {
  /** Where, JSON-pointer-like as in checkDefinition, e.g. `/assessment/rules/3/when`. */
  path: string;
  /** The field a condition names, when the problem is about one. */
  field?: string;
  message: string;
}

/** What report rules may name besides the fields. */
const KNOWN_FACTS: KnownFacts = { names: FACTS, numeric: new Set(['$age', '$bmi', '$phq2', '$gad2']), sexCodes: SEX_CODES };

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
 * names exists, every rule has a public source and holds the phone numbers it declares, ids are unique, score items are four-step
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
    for (const phone of phonesNotIn(rule.advice ?? '', rule.phones)) {
      issues.push({ path: `${path}/phones`, message: `phone number "${phone}" does not appear in the advice of rule "${rule.id}" as a whole number` });
    }
    issues.push(...checkCondition(rule.when, `${path}/when`, index, KNOWN_FACTS));
    checkSource(rule.source, path, issues);
  });

  (part.due ?? []).forEach((item, i) => {
    const path = `/assessment/due/${i}`;
    claim(item.id, `${path}/id`);
    issues.push(...checkCondition(item.appliesWhen, `${path}/appliesWhen`, index, KNOWN_FACTS));
    if (item.upToDateWhen) issues.push(...checkCondition(item.upToDateWhen, `${path}/upToDateWhen`, index, KNOWN_FACTS));
    if (item.dueWhen) issues.push(...checkCondition(item.dueWhen, `${path}/dueWhen`, index, KNOWN_FACTS));
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

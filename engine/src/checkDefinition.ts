import type { Condition, Definition } from './definition';
import { fieldsOf, type FieldInfo } from './fieldsOf';
import { checkAssessment } from './assessment/checkAssessment';
import { bmiFieldsOf } from './bmi';

/** One problem found in a definition; `path` is a JSON-pointer-like location in the file. */
export interface DefinitionIssue {
  path: string;
  field?: string;
  message: string;
}

const BOOLEAN_KINDS = new Set(['box', 'bmiFlag']);

function checkCondition(condition: Condition, path: string, fields: ReadonlyMap<string, FieldInfo>, issues: DefinitionIssue[]): void {
  switch (condition.type) {
    case 'all':
    case 'any':
      condition.conditions.forEach((c, i) => checkCondition(c, `${path}/conditions/${i}`, fields, issues));
      return;
    case 'not':
      checkCondition(condition.condition, `${path}/condition`, fields, issues);
      return;
    default:
  }
  const info = fields.get(condition.field);
  if (!info) {
    issues.push({ path, field: condition.field, message: `condition "${condition.type}" names field "${condition.field}", which does not exist` });
    return;
  }
  const issue = (message: string) => issues.push({ path, field: condition.field, message });
  switch (condition.type) {
    case 'checked':
      if (!BOOLEAN_KINDS.has(info.kind)) issue(`condition "checked" on "${condition.field}", which is a ${info.kind} field, not a box`);
      return;
    case 'equals':
      if (info.kind === 'single') {
        if (typeof condition.value !== 'string' || !info.options?.includes(condition.value)) {
          issue(`condition "equals" compares "${condition.field}" with ${JSON.stringify(condition.value)}, which is not one of its answer strings`);
        }
      } else if (BOOLEAN_KINDS.has(info.kind) && typeof condition.value !== 'boolean') {
        issue(`condition "equals" compares box "${condition.field}" with a non-boolean value`);
      } else if (info.kind === 'number' && typeof condition.value !== 'number') {
        issue(`condition "equals" compares number "${condition.field}" with a non-number value`);
      }
      return;
    case 'oneOf':
      if (info.kind !== 'single') {
        issue(`condition "oneOf" on "${condition.field}", which is a ${info.kind} field, not a single choice`);
        return;
      }
      for (const value of condition.values) {
        if (!info.options?.includes(value)) issue(`condition "oneOf" lists ${JSON.stringify(value)}, which is not an answer string of "${condition.field}"`);
      }
      return;
    case 'compare':
      if (info.kind !== 'number') issue(`condition "compare" on "${condition.field}", which is a ${info.kind} field, not a number`);
      return;
    case 'answered':
      return;
  }
}

/**
 * What the meta-schema cannot see: unique keys (fields across the whole definition, sections,
 * routes), every condition and computed field naming an existing field of the right kind,
 * progress strictly ascending, exactly one last page and at the end.
 */
export function checkDefinition(definition: Definition): DefinitionIssue[] {
  const issues: DefinitionIssue[] = [];
  const fields = fieldsOf(definition);
  const keys = new Map<string, string>();
  const sections = new Map<string, string>();
  const routes = new Map<string, string>();

  const claim = (seen: Map<string, string>, what: string, key: string, path: string) => {
    const first = seen.get(key);
    if (first !== undefined) issues.push({ path, field: key, message: `duplicate ${what} "${key}" (first at ${first})` });
    else seen.set(key, path);
  };

  if (definition.band.minAge > definition.band.maxAge) {
    issues.push({ path: '/band', message: `band minAge ${definition.band.minAge} is above maxAge ${definition.band.maxAge}` });
  }

  let lastCount = 0;
  definition.pages.forEach((page, p) => {
    const pagePath = `/pages/${p}`;
    claim(sections, 'section key', page.section, `${pagePath}/section`);
    claim(routes, 'route', page.route, `${pagePath}/route`);
    if (page.last) {
      lastCount += 1;
      if (p !== definition.pages.length - 1) issues.push({ path: `${pagePath}/last`, message: `page "${page.route}" is marked last but is not the final page` });
    }
    const previous = definition.pages[p - 1];
    if (previous && page.progress <= previous.progress) {
      issues.push({ path: `${pagePath}/progress`, message: `progress ${page.progress} of page "${page.route}" is not above ${previous.progress} of "${previous.route}"` });
    }
    page.items.forEach((item, i) => {
      const itemPath = `${pagePath}/items/${i}`;
      claim(keys, 'key', item.key, `${itemPath}/key`);
      if (item.kind === 'checkboxes') {
        item.boxes.forEach((box, b) => claim(keys, 'key', box.key, `${itemPath}/boxes/${b}/key`));
      }
      if (item.kind === 'single') {
        const seen = new Set<string>();
        for (const option of item.options) {
          if (seen.has(option)) issues.push({ path: `${itemPath}/options`, field: item.key, message: `answer string ${JSON.stringify(option)} appears twice in "${item.key}"` });
          seen.add(option);
        }
      }
      if (item.visibleWhen) checkCondition(item.visibleWhen, `${itemPath}/visibleWhen`, fields, issues);
    });
    (page.computed ?? []).forEach((computed, c) => {
      const computedPath = `${pagePath}/computed/${c}`;
      claim(keys, 'key', computed.key, `${computedPath}/key`);
      const bmi = bmiFieldsOf(definition);
      if (computed.kind === 'bmiFlag' && bmi && (computed.height !== bmi.height || computed.weight !== bmi.weight)) {
        issues.push({ path: computedPath, field: computed.key, message: `BMI flag "${computed.key}" reads ${computed.height} and ${computed.weight}, but the first BMI flag reads ${bmi.height} and ${bmi.weight}: a definition asks height and weight once` });
      }
      const refs = computed.kind === 'bmiFlag' ? [computed.height, computed.weight] : computed.fields;
      const expected = computed.kind === 'bmiFlag' ? 'number' : 'box';
      for (const ref of refs) {
        const info = fields.get(ref);
        if (!info) issues.push({ path: computedPath, field: ref, message: `computed field "${computed.key}" names field "${ref}", which does not exist` });
        else if (info.kind !== expected) issues.push({ path: computedPath, field: ref, message: `computed field "${computed.key}" needs "${ref}" to be a ${expected} field, not ${info.kind}` });
      }
    });
  });
  if (lastCount !== 1) issues.push({ path: '/pages', message: `exactly one page must be marked last (found ${lastCount})` });
  issues.push(...checkAssessment(definition));
  return issues;
}

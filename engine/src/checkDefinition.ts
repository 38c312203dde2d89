import type { CheckboxGroupQuestion, Definition } from './definition';
import { fieldsOf, type FieldIndex } from './fieldsOf';
import { phonesNotIn } from './phoneLinks';
import { checkAssessment } from './assessment/checkAssessment';
import { bmiFieldsOf } from './bmi';
import { checkCondition } from './checkCondition';

/** One problem found in a definition; `path` is a JSON-pointer-like location in the file. */
export interface DefinitionIssue {
  path: string;
  field?: string;
  message: string;
}

/** A checkbox group's boxes' own conditions, and exclusive options that name boxes of the group. */
function checkGroup(group: CheckboxGroupQuestion, path: string, fields: FieldIndex): DefinitionIssue[] {
  const issues: DefinitionIssue[] = [];
  const boxes = new Set(group.boxes.map((b) => b.key));
  group.boxes.forEach((box, b) => {
    if (box.visibleWhen) issues.push(...checkCondition(box.visibleWhen, `${path}/boxes/${b}/visibleWhen`, fields));
  });
  (group.exclusive ?? []).forEach((option, e) => {
    const at = `${path}/exclusive/${e}`;
    const named = [option.box, ...(option.excludes ?? [])];
    for (const key of named.filter((k) => !boxes.has(k))) {
      issues.push({
        path: at,
        field: key,
        message: `exclusive option of "${group.key}" names box "${key}", which is not one of its boxes (${[...boxes].join(', ')})`,
      });
    }
    if (option.excludes?.includes(option.box))
      issues.push({
        path: at,
        field: option.box,
        message: `exclusive box "${option.box}" of "${group.key}" excludes itself`,
      });
  });
  return issues;
}

/**
 * What the meta-schema cannot see: unique keys (fields across the whole definition, sections,
 * routes), every condition and computed field naming an existing field of the right kind,
 * exclusive options naming boxes of their group, a number's range not empty, declared phone
 * numbers present in their text, progress strictly ascending, exactly one last page and at the end.
 */
export function checkDefinition(definition: Definition): DefinitionIssue[] {
  const issues: DefinitionIssue[] = [];
  const fields = fieldsOf(definition);
  const keys = new Map<string, string>();
  const sections = new Map<string, string>();
  const routes = new Map<string, string>();

  const claim = (seen: Map<string, string>, what: string, key: string, path: string) => {
    const first = seen.get(key);
    if (first !== undefined)
      issues.push({ path, field: key, message: `duplicate ${what} "${key}" (first at ${first})` });
    else seen.set(key, path);
  };

  if (definition.band.minAge > definition.band.maxAge) {
    issues.push({
      path: '/band',
      message: `band minAge ${definition.band.minAge} is above maxAge ${definition.band.maxAge}`,
    });
  }

  let lastCount = 0;
  definition.pages.forEach((page, p) => {
    const pagePath = `/pages/${p}`;
    claim(sections, 'section key', page.section, `${pagePath}/section`);
    claim(routes, 'route', page.route, `${pagePath}/route`);
    if (page.last) {
      lastCount += 1;
      if (p !== definition.pages.length - 1)
        issues.push({
          path: `${pagePath}/last`,
          message: `page "${page.route}" is marked last but is not the final page`,
        });
    }
    const previous = definition.pages[p - 1];
    if (previous && page.progress <= previous.progress) {
      issues.push({
        path: `${pagePath}/progress`,
        message: `progress ${page.progress} of page "${page.route}" is not above ${previous.progress} of "${previous.route}"`,
      });
    }
    page.items.forEach((item, i) => {
      const itemPath = `${pagePath}/items/${i}`;
      claim(keys, 'key', item.key, `${itemPath}/key`);
      if (item.kind === 'checkboxes') {
        item.boxes.forEach((box, b) => claim(keys, 'key', box.key, `${itemPath}/boxes/${b}/key`));
        issues.push(...checkGroup(item, itemPath, fields));
      }
      if (item.kind === 'number' && item.max !== undefined && item.max < item.min) {
        issues.push({
          path: itemPath,
          field: item.key,
          message: `number "${item.key}" has max ${item.max} below its min ${item.min}`,
        });
      }
      if (item.kind === 'notice') {
        for (const phone of phonesNotIn(item.text, item.phones)) {
          issues.push({
            path: `${itemPath}/phones`,
            field: item.key,
            message: `phone number "${phone}" does not appear in the text of notice "${item.key}" as a whole number`,
          });
        }
      }
      if (item.kind === 'single') {
        const seen = new Set<string>();
        for (const option of item.options) {
          if (seen.has(option))
            issues.push({
              path: `${itemPath}/options`,
              field: item.key,
              message: `answer string ${JSON.stringify(option)} appears twice in "${item.key}"`,
            });
          seen.add(option);
        }
      }
      if (item.visibleWhen) issues.push(...checkCondition(item.visibleWhen, `${itemPath}/visibleWhen`, fields));
    });
    (page.computed ?? []).forEach((computed, c) => {
      const computedPath = `${pagePath}/computed/${c}`;
      claim(keys, 'key', computed.key, `${computedPath}/key`);
      const bmi = bmiFieldsOf(definition);
      if (computed.kind === 'bmiFlag' && bmi && (computed.height !== bmi.height || computed.weight !== bmi.weight)) {
        issues.push({
          path: computedPath,
          field: computed.key,
          message: `BMI flag "${computed.key}" reads ${computed.height} and ${computed.weight}, but the first BMI flag reads ${bmi.height} and ${bmi.weight}: a definition asks height and weight once`,
        });
      }
      const refs = computed.kind === 'bmiFlag' ? [computed.height, computed.weight] : computed.fields;
      const expected = computed.kind === 'bmiFlag' ? 'number' : 'box';
      for (const ref of refs) {
        const info = fields.get(ref);
        if (!info)
          issues.push({
            path: computedPath,
            field: ref,
            message: `computed field "${computed.key}" names field "${ref}", which does not exist`,
          });
        else if (info.kind !== expected)
          issues.push({
            path: computedPath,
            field: ref,
            message: `computed field "${computed.key}" needs "${ref}" to be a ${expected} field, not ${info.kind}`,
          });
      }
    });
  });
  if (lastCount !== 1)
    issues.push({ path: '/pages', message: `exactly one page must be marked last (found ${lastCount})` });
  issues.push(...checkAssessment(definition));
  return issues;
}

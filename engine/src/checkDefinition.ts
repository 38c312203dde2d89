import type { CheckboxGroupQuestion, Definition } from './definition';
import { fieldsOf, type FieldIndex } from './fieldsOf';
import { phonesNotIn } from './phoneLinks';
import { checkAssessment } from './assessment/checkAssessment';
import { bmiFieldsOf } from './bmi';
import { checkCondition } from './checkCondition';
import { checkSingleAnswers } from './checkSingleAnswers';
import type { TypographyRule } from './typography/typographyFaults';

/** One problem found in a definition; `path` is a JSON-pointer-like location in the file. */
export interface DefinitionIssue {
  path: string;
  field?: string;
  message: string;
  /** For a duplicate: where the first one is. */
  firstAt?: string;
  /** For a fault of French typography: which rule, and the text around it (spaces made visible). */
  typography?: { rule: TypographyRule; excerpt: string };
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
        message: `case exclusive ${key}\u00a0: ce n’est pas une case du groupe ${group.key} (${[...boxes].join(', ')})`,
      });
    }
    if (option.excludes?.includes(option.box))
      issues.push({
        path: at,
        field: option.box,
        message: `case exclusive ${option.box}\u00a0: elle s’exclut elle-même`,
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
    if (first !== undefined) issues.push({ path, field: key, message: `${what} ${key} en double`, firstAt: first });
    else seen.set(key, path);
  };

  if (definition.band.minAge > definition.band.maxAge) {
    issues.push({
      path: '/band',
      message: `âge minimal ${definition.band.minAge} au-dessus de l’âge maximal ${definition.band.maxAge}`,
    });
  }

  let lastCount = 0;
  definition.pages.forEach((page, p) => {
    const pagePath = `/pages/${p}`;
    claim(sections, 'section', page.section, `${pagePath}/section`);
    claim(routes, 'adresse de page', page.route, `${pagePath}/route`);
    if (page.last) {
      lastCount += 1;
      if (p !== definition.pages.length - 1)
        issues.push({
          path: `${pagePath}/last`,
          message: `la page ${page.route} est marquée last mais n’est pas la dernière`,
        });
    }
    const previous = definition.pages[p - 1];
    if (previous && page.progress <= previous.progress) {
      issues.push({
        path: `${pagePath}/progress`,
        message: `progression ${page.progress} de la page ${page.route}\u00a0: elle doit dépasser les ${previous.progress} de la page ${previous.route}`,
      });
    }
    page.items.forEach((item, i) => {
      const itemPath = `${pagePath}/items/${i}`;
      claim(keys, 'clé', item.key, `${itemPath}/key`);
      if (item.kind === 'checkboxes') {
        item.boxes.forEach((box, b) => claim(keys, 'clé', box.key, `${itemPath}/boxes/${b}/key`));
        issues.push(...checkGroup(item, itemPath, fields));
      }
      if (item.kind === 'number' && item.max !== undefined && item.max < item.min) {
        issues.push({
          path: itemPath,
          field: item.key,
          message: `nombre ${item.key}\u00a0: max ${item.max} au-dessous de min ${item.min}`,
        });
      }
      if (item.kind === 'notice') {
        for (const phone of phonesNotIn(item.text, item.phones)) {
          issues.push({
            path: `${itemPath}/phones`,
            field: item.key,
            message: `numéro ${phone}\u00a0: il n’est pas écrit en entier dans le texte du message`,
          });
        }
      }
      if (item.kind === 'single') issues.push(...checkSingleAnswers(item, itemPath, definition.version));
      if (item.visibleWhen) issues.push(...checkCondition(item.visibleWhen, `${itemPath}/visibleWhen`, fields));
    });
    (page.computed ?? []).forEach((computed, c) => {
      const computedPath = `${pagePath}/computed/${c}`;
      claim(keys, 'clé', computed.key, `${computedPath}/key`);
      const bmi = bmiFieldsOf(definition);
      if (computed.kind === 'bmiFlag' && bmi && (computed.height !== bmi.height || computed.weight !== bmi.weight)) {
        issues.push({
          path: computedPath,
          field: computed.key,
          message: `indicateur d’IMC ${computed.key}\u00a0: il lit ${computed.height} et ${computed.weight}, le premier lit ${bmi.height} et ${bmi.weight}\u00a0; une définition demande taille et poids une seule fois`,
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
            message: `champ calculé ${computed.key}\u00a0: ${ref} est une question inconnue`,
          });
        else if (info.kind !== expected)
          issues.push({
            path: computedPath,
            field: ref,
            message: `champ calculé ${computed.key}\u00a0: ${ref} doit être ${expected === 'number' ? 'un nombre' : 'une case'}`,
          });
      }
    });
  });
  if (lastCount !== 1)
    issues.push({ path: '/pages', message: `une seule page doit être marquée last (trouvées\u00a0: ${lastCount})` });
  issues.push(...checkAssessment(definition));
  return issues;
}

// Issue 31: nothing asked goes unread. Every question of a definition with a report is read by the
// report (a rule, a due item, a score, the patient's topics or words, the sex or the BMI) or says,
// with a one-line reason, why it is only shown (`informational`). The definitions check applies it
// to the newest version of each questionnaire; older versions keep what they were published with.
import type { Condition, Definition, ResolvedPageItem } from '../definition';
import type { DefinitionIssue } from '../checkDefinition';
import { bmiFieldsOf } from '../bmi';
import { fieldsOf } from '../fieldsOf';
import { assessmentOf } from './assessmentOf';

export type CoverageIssue = DefinitionIssue;

/** Every field or fact a condition names, under a `not` too: a rule that excludes an answer reads it. */
function namesIn(condition: Condition | undefined): string[] {
  if (!condition) return [];
  switch (condition.type) {
    case 'all':
    case 'any':
      return condition.conditions.flatMap(namesIn);
    case 'not':
      return namesIn(condition.condition);
    default:
      return [condition.field];
  }
}

/**
 * Which parts of the report read each field: rule and due item ids, `scores.phq2`, `priorities`,
 * `freeText`, `sexField`; a rule naming `$bmi` (or the undernutrition threshold) reads the height
 * and the weight, a priority naming a computed list reads its boxes.
 */
export function fieldsReadByReport(definition: Definition): Map<string, string[]> {
  const part = assessmentOf(definition);
  const readers = new Map<string, string[]>();
  const index = fieldsOf(definition);
  const bmi = bmiFieldsOf(definition);
  const read = (field: string, by: string) => {
    const fields = field === '$bmi' ? (bmi ? [bmi.height, bmi.weight] : []) : [field];
    for (const f of fields) readers.set(f, [...(readers.get(f) ?? []).filter((b) => b !== by), by]);
  };
  if (!part) return readers;
  for (const rule of part.rules) for (const field of namesIn(rule.when)) read(field, rule.id);
  for (const item of part.due ?? []) {
    for (const condition of [item.appliesWhen, item.upToDateWhen, item.dueWhen])
      for (const field of namesIn(condition)) read(field, item.id);
  }
  for (const name of ['phq2', 'gad2'] as const)
    for (const field of part.scores?.[name]?.items ?? []) read(field, `scores.${name}`);
  for (const field of part.priorities ?? []) {
    const info = index.get(field);
    const boxes = info?.kind === 'checkedList' && info.item.kind === 'checkedList' ? info.item.fields : [field];
    for (const box of boxes) read(box, 'priorities');
  }
  for (const field of part.freeText ?? []) read(field, 'freeText');
  if (part.sexField) read(part.sexField, 'sexField');
  if (part.undernutrition) read('$bmi', 'undernutrition');
  return readers;
}

const QUESTION_KINDS = new Set(['single', 'checkboxes', 'number', 'text', 'textarea']);

function itemIssues(item: ResolvedPageItem, path: string, readers: Map<string, string[]>): CoverageIssue[] {
  if (!QUESTION_KINDS.has(item.kind) || !('label' in item) || item.retired !== undefined) return [];
  const staleMark = (field: string, at: string): CoverageIssue => ({
    path: `${at}/informational`,
    field,
    message: `«\u00a0${field}\u00a0» est marquée informational mais le bilan la lit (${(readers.get(field) ?? []).join(', ')})\u00a0: retirez la marque`,
  });
  if (item.kind !== 'checkboxes') {
    const read = readers.has(item.key);
    if (read && item.informational !== undefined) return [staleMark(item.key, path)];
    if (read || item.informational !== undefined) return [];
    return [
      {
        path,
        field: item.key,
        message: `la question «\u00a0${item.key}\u00a0» n’est ni lue par le bilan ni marquée informational\u00a0: ajoutez une règle qui la lit, ou une propriété informational qui dit en une ligne pourquoi elle est seulement affichée`,
      },
    ];
  }
  const exclusive = new Set((item.exclusive ?? []).map((option) => option.box));
  const issues: CoverageIssue[] = [];
  let groupMarkUsed = false;
  item.boxes.forEach((box, b) => {
    const at = `${path}/boxes/${b}`;
    const read = readers.has(box.key);
    if (read && box.informational !== undefined) issues.push(staleMark(box.key, at));
    if (read || exclusive.has(box.key) || box.informational !== undefined) return;
    if (item.informational !== undefined) {
      groupMarkUsed = true;
      return;
    }
    issues.push({
      path: at,
      field: box.key,
      message: `la case «\u00a0${box.key}\u00a0» de «\u00a0${item.key}\u00a0» n’est ni lue par le bilan ni marquée informational\u00a0: ajoutez une règle qui la lit, ou, sur la case ou son groupe, une propriété informational qui dit en une ligne pourquoi elle est seulement affichée`,
    });
  });
  if (item.informational !== undefined && !groupMarkUsed) {
    issues.push({
      path: `${path}/informational`,
      field: item.key,
      message: `«\u00a0${item.key}\u00a0» est marquée informational mais le bilan lit chacune de ses cases (ou elles excluent les autres)\u00a0: retirez la marque`,
    });
  }
  return issues;
}

/**
 * The questions of a definition with a report that nothing reads and that are not marked
 * informational, and the marks that have become untrue (the report reads the question after all).
 * A box that excludes others ("Aucune de ces maladies") is the group's "no": it needs neither.
 * Retired questions are no longer asked. A definition without a report has nothing to read.
 */
export function questionCoverage(definition: Definition): CoverageIssue[] {
  if (!assessmentOf(definition)) return [];
  const readers = fieldsReadByReport(definition);
  return definition.pages.flatMap((page, p) =>
    page.items.flatMap((item, i) => itemIssues(item, `/pages/${p}/items/${i}`, readers)),
  );
}

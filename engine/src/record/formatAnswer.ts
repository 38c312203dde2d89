import type { AnswerValue, Answers, Definition } from '../definition';
import { isBlank } from '../evaluateCondition';
import { catalogueOf } from './catalogue';
import { formatNumber } from './formatNumber';
import { isRecord } from '../isRecord';

/**
 * One stored value as a person reads it (PDFs, export, review page, dashboard): null when
 * blank; a number in French notation with its unit ("172 cm", "70,5 kg", a no-break space
 * between); a box or flag "Oui"/"Non"; a list of box keys as their box labels joined with ", ";
 * an answer string as its catalogue label, its typographic form ("Moins d’une heure" for the
 * stored "Moins d'une heure", D1); a text as the patient wrote it. A field the definition does
 * not know is read by its value alone.
 */
export function formatAnswer(
  definition: Definition,
  fieldKey: string,
  value: AnswerValue | null | undefined,
): string | null {
  if (value === undefined || value === null || isBlank(value)) return null;
  const entry = catalogueOf(definition).fields.get(fieldKey);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    return entry?.unit ? `${formatNumber(value)}\u00a0${entry.unit}` : formatNumber(value);
  }
  if (typeof value === 'boolean') return value ? 'Oui' : 'Non';
  if (Array.isArray(value)) return value.map((item) => entry?.values?.get(item) ?? item).join(', ');
  return answerLabel(definition, fieldKey, value);
}

/**
 * What an answer string reads as: the catalogue's label of a single choice's value (its
 * typographic form); any other string (a free text, a value the question does not list) as given.
 */
export function answerLabel(definition: Definition, fieldKey: string, value: string): string {
  const entry = catalogueOf(definition).fields.get(fieldKey);
  return entry?.kind === 'single' ? (entry.values?.get(value) ?? value) : value;
}

/**
 * What a checkbox group reads as: the labels of its ticked boxes, in definition order (empty
 * when none is ticked). An unknown group reads as nothing ticked.
 */
export function groupAnswer(definition: Definition, groupKey: string, answers: Answers): string[] {
  const group = catalogueOf(definition).groups.get(groupKey);
  if (!group) return [];
  const section = answers[group.section];
  if (!isRecord(section)) return [];
  return group.boxes.filter((box) => section[box.key] === true).map((box) => box.label);
}

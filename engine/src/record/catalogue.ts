import type { CheckboxBox, ComputedField, Definition, ResolvedQuestion } from '../definition';
import { fieldsOf, type FieldInfo, type FieldKind } from '../fieldsOf';
import { frenchTypography } from '../typography/frenchTypography';

/** What a person reads for one stored field, taken from the definition data. */
export interface CatalogueEntry {
  key: string;
  kind: FieldKind;
  section: string;
  /** The field's own label: the question text, a box's label, a computed field's label. */
  label: string;
  /** The question it answers: for a box, its checkbox group's question; otherwise the label. */
  question: string;
  /** The checkbox group a box belongs to. */
  group?: string;
  /** The unit of a number, e.g. "cm". */
  unit?: string;
  /**
   * What each value reads as: a single choice's answer string → its typographic form (stored
   * "Moins d'une heure", read "Moins d’une heure": the value stays the contract's, D1), or its
   * code → its label (2.x, D41), or a checkedList's box keys → box labels.
   */
  values?: ReadonlyMap<string, string>;
  /** The question or computed field that declares the field (messages it declares, ranges). */
  declaredBy: ResolvedQuestion | ComputedField;
}

/** A checkbox group question: its text and its boxes, each a stored boolean field. */
export interface CatalogueGroup {
  key: string;
  section: string;
  question: string;
  boxes: readonly CheckboxBox[];
}

export interface Catalogue {
  /** Every stored field, in definition order (boxes and computed fields included). */
  fields: ReadonlyMap<string, CatalogueEntry>;
  /** Every checkbox group, by its key (a name only: it stores nothing). */
  groups: ReadonlyMap<string, CatalogueGroup>;
}

const cache = new WeakMap<Definition, Catalogue>();

function entryOf(
  info: FieldInfo,
  index: ReturnType<typeof fieldsOf>,
  language: Definition['language'],
): CatalogueEntry {
  const item = info.item;
  const base = { key: info.key, kind: info.kind, section: info.section, declaredBy: item };
  if (info.kind === 'box' && info.group) {
    const label = info.box?.label ?? info.key;
    return { ...base, label, question: info.group.label, group: info.group.key };
  }
  const entry: CatalogueEntry = { ...base, label: item.label, question: item.label };
  if (item.kind === 'number' && item.unit) entry.unit = item.unit;
  if (item.kind === 'single') {
    // French typography for French words only: a translation is written as its language writes.
    const read = language === undefined ? frenchTypography : (text: string) => text;
    entry.values = new Map(item.options.map((o) => [o, read(item.optionLabels?.[o] ?? o)]));
  }
  if (item.kind === 'checkedList') {
    entry.values = new Map(item.fields.map((box) => [box, index.get(box)?.box?.label ?? box]));
  }
  return entry;
}

/**
 * The labels of every field and value of a definition, read from its data: question texts,
 * box labels with their group's question, units, answer strings, computed fields' labels.
 * Cached per definition, like fieldsOf.
 */
export function catalogueOf(definition: Definition): Catalogue {
  const cached = cache.get(definition);
  if (cached) return cached;
  const index = fieldsOf(definition);
  const fields = new Map<string, CatalogueEntry>();
  for (const info of index.values()) fields.set(info.key, entryOf(info, index, definition.language));
  const groups = new Map<string, CatalogueGroup>();
  for (const page of definition.pages) {
    for (const item of page.items) {
      if (item.kind === 'checkboxes')
        groups.set(item.key, { key: item.key, section: page.section, question: item.label, boxes: item.boxes });
    }
  }
  const catalogue = { fields, groups };
  cache.set(definition, catalogue);
  return catalogue;
}

import type {
  CheckboxBox,
  CheckboxGroupQuestion,
  ComputedField,
  Definition,
  ResolvedPage,
  ResolvedQuestion,
} from './definition';

/** What a stored field is: one per answer key (box keys and computed keys included). */
export type FieldKind = 'single' | 'box' | 'number' | 'text' | 'textarea' | 'bmiFlag' | 'checkedList';

export interface FieldInfo {
  key: string;
  kind: FieldKind;
  /** Section key under which the value is stored. */
  section: string;
  /** Route of the page that shows it. */
  page: string;
  /** The question (for a box: its checkbox group) or the computed field that declares it. */
  item: ResolvedQuestion | ComputedField;
  /** The box's group, for a box. */
  group?: CheckboxGroupQuestion;
  /** The box itself (its label and own condition), for a box. */
  box?: CheckboxBox;
  /** Answer strings: of a single choice, or the box keys a checkedList may hold. */
  options?: string[];
}

export type FieldIndex = ReadonlyMap<string, FieldInfo>;

const cache = new WeakMap<Definition, FieldIndex>();

function indexPage(page: ResolvedPage, index: Map<string, FieldInfo>): void {
  const add = (info: FieldInfo) => {
    // First declaration wins; checkDefinition reports the duplicate.
    if (!index.has(info.key)) index.set(info.key, info);
  };
  const at = { section: page.section, page: page.route };
  for (const item of page.items) {
    switch (item.kind) {
      case 'notice':
      case 'heading':
        break;
      case 'checkboxes':
        for (const box of item.boxes) add({ key: box.key, kind: 'box', ...at, item, group: item, box });
        break;
      case 'single':
        add({ key: item.key, kind: 'single', ...at, item, options: item.options });
        break;
      default:
        add({ key: item.key, kind: item.kind, ...at, item });
    }
  }
  for (const computed of page.computed ?? []) {
    add({
      key: computed.key,
      kind: computed.kind,
      ...at,
      item: computed,
      ...(computed.kind === 'checkedList' ? { options: [...computed.fields] } : {}),
    });
  }
}

/**
 * Index of every stored field of a definition, in definition order: key → where it lives and
 * what it holds. Field keys are unique across a definition, so a condition names a field by key.
 */
export function fieldsOf(definition: Definition): FieldIndex {
  const cached = cache.get(definition);
  if (cached) return cached;
  const index = new Map<string, FieldInfo>();
  for (const page of definition.pages) indexPage(page, index);
  cache.set(definition, index);
  return index;
}

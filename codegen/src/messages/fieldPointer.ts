import { valueAt } from './jsonSource';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/**
 * Where a field (a question, a box, a computed field) or a page section is declared in a
 * definition file, as a JSON pointer; undefined when the file has none.
 */
export function fieldPointer(raw: unknown, key: string): string | undefined {
  if (!isObject(raw)) return undefined;
  const pages = list(raw.pages);
  for (const [p, page] of pages.entries()) {
    if (!isObject(page)) continue;
    for (const [i, item] of list(page.items).entries()) {
      if (!isObject(item)) continue;
      if (item.key === key) return `/pages/${p}/items/${i}`;
      for (const [b, box] of list(item.boxes).entries()) {
        if (isObject(box) && box.key === key) return `/pages/${p}/items/${i}/boxes/${b}`;
      }
    }
    for (const [c, field] of list(page.computed).entries()) {
      if (isObject(field) && field.key === key) return `/pages/${p}/computed/${c}`;
    }
  }
  const section = pages.findIndex((page) => isObject(page) && page.section === key);
  return section >= 0 ? `/pages/${section}` : undefined;
}

/** The vocabulary a question's answer strings come from in a definition file, if any. */
export function vocabularyOf(raw: unknown, key: string): string | undefined {
  const pointer = fieldPointer(raw, key);
  const name = pointer ? valueAt(raw, `${pointer}/options/vocabulary`) : undefined;
  return typeof name === 'string' ? name : undefined;
}

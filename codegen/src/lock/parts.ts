import type { Definition } from '@bilan/engine';
import { digest } from './canonical';

/**
 * What people read and how it is laid out, hashed apart from the rest: a question's label and
 * help, the labels of coded answers, a message's text, titles, advice, schedules and sources, the phone numbers written in a
 * text, a page's progress and a text box's height. Everything else matters to stored data and to
 * reports (keys, kinds, answer strings, conditions, computed fields, ranges, units, lengths, rule
 * levels and themes…), including any property added to the schema later: unknown means contract.
 */
const TEXT_KEYS = new Set([
  'label',
  // What each code of a 2.x answer reads (D41): a label, reworded in a minor version.
  'optionLabels',
  'help',
  'title',
  'subtitle',
  'text',
  'invalidMessage',
  'advice',
  'schedule',
  'source',
  'phones',
  'progress',
  'rows',
]);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value without its texts. */
function contractOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(contractOf);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !TEXT_KEYS.has(key))
      .map(([key, v]) => [key, contractOf(v)]),
  );
}

/** A value's texts only, where they are (null where there is none). */
function textsOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(textsOf);
  if (!isObject(value)) return null;
  const entries = Object.entries(value).flatMap(([key, v]): Array<[string, unknown]> => {
    if (TEXT_KEYS.has(key)) return [[key, v]];
    const inner = textsOf(v);
    return inner === null || (Array.isArray(inner) && inner.every((x) => x === null)) ? [] : [[key, inner]];
  });
  return entries.length > 0 ? Object.fromEntries(entries) : null;
}

/** One piece of a definition version, named as the check names it to an editor. */
export interface DefinitionPart {
  /** `gender` (a question, box group, notice, heading or computed field), `page:general`, `rule:tobacco`, `due:dtp-25`, `assessment`, `definition`. */
  id: string;
  /** JSON pointer of the piece in the file. */
  path: string;
  contract: unknown;
  texts: unknown;
}

/**
 * A resolved definition cut into the pieces the lock hashes one by one, so that a change to a
 * published version is reported where it is: each question (with the section it is stored
 * under), computed field, rule and due item; each page (its address, and the order of its items
 * as layout); the assessment's settings; the definition's identity.
 */
export function partsOf(definition: Definition): DefinitionPart[] {
  const parts: DefinitionPart[] = [
    {
      id: 'definition',
      path: '',
      contract: { id: definition.id, version: definition.version, band: contractOf(definition.band) },
      texts: { title: definition.title, band: textsOf(definition.band) },
    },
  ];
  definition.pages.forEach((page, p) => {
    const { items, computed, ...own } = page;
    parts.push({
      id: `page:${page.section}`,
      path: `/pages/${p}`,
      contract: contractOf(own),
      texts: { ...(textsOf(own) as object | null), order: items.map((item) => item.key) },
    });
    items.forEach((item, i) =>
      parts.push({
        id: item.key,
        path: `/pages/${p}/items/${i}`,
        contract: { section: page.section, ...(contractOf(item) as object) },
        texts: textsOf(item),
      }),
    );
    (computed ?? []).forEach((field, c) =>
      parts.push({
        id: field.key,
        path: `/pages/${p}/computed/${c}`,
        contract: { section: page.section, ...(contractOf(field) as object) },
        texts: textsOf(field),
      }),
    );
  });
  const assessment = definition.assessment;
  if (assessment) {
    const { rules, due, ...settings } = assessment;
    parts.push({
      id: 'assessment',
      path: '/assessment',
      contract: settings,
      texts: { rules: rules.map((r) => r.id), due: (due ?? []).map((d) => d.id) },
    });
    rules.forEach((rule, r) =>
      parts.push({
        id: `rule:${rule.id}`,
        path: `/assessment/rules/${r}`,
        contract: contractOf(rule),
        texts: textsOf(rule),
      }),
    );
    (due ?? []).forEach((item, d) =>
      parts.push({
        id: `due:${item.id}`,
        path: `/assessment/due/${d}`,
        contract: contractOf(item),
        texts: textsOf(item),
      }),
    );
  }
  return parts;
}

/** The two digests of a version: what stored data and reports depend on, and its texts. */
export function versionDigests(parts: readonly DefinitionPart[]): { contract: string; texts: string } {
  // By part id, not in file order: moving a question on its page is layout (the page's texts).
  const sorted = [...parts].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return {
    contract: digest(sorted.map((p) => [p.id, p.contract])),
    texts: digest(sorted.map((p) => [p.id, p.texts])),
  };
}

/** A part's two short digests, as the lock keeps them: "contract texts" (12 hexadecimal digits each). */
export function partDigests(part: DefinitionPart): string {
  return `${digest(part.contract).slice(0, 12)} ${digest(part.texts).slice(0, 12)}`;
}

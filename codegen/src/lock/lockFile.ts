import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  compareVersions,
  definitionRef,
  fieldsOf,
  type Definition,
  type Translation,
  type Vocabularies,
} from '@bilan/engine';
import { digest } from './canonical';
import { partDigests, partsOf, versionDigests } from './parts';

/** The lock's name, beside the definitions. */
export const LOCK_FILE = 'published.lock.json';

/**
 * One published version, as it was published: the digests of what stored data and reports
 * depend on and of its texts, the answer lists of the shared vocabularies it used (resolved then,
 * so that an edit of vocabularies.json never changes it), its fields as D5 compares them
 * (section, kind and answer strings), and each part's digests, to say what changed.
 */
export interface LockedVersion {
  contract: string;
  texts: string;
  vocabularies: Vocabularies;
  /** key → [section, kind, ...answer strings]. */
  fields: Record<string, string[]>;
  /** part id → "contract texts", 12 hexadecimal digits each. */
  parts: Record<string, string>;
  /** language → digest of its translation file's content, published with the version (D41). */
  translations?: Record<string, string>;
}

export interface Lock {
  /** By `id@version`. */
  versions: Record<string, LockedVersion>;
}

const COMMENT =
  'Written by pnpm definitions:publish: the published definition versions, frozen (D35). Do not edit: publish a new version instead.';

/** The lock of a definitions folder; an absent file is an empty lock (every version is a draft). */
export function readLock(dir: string): Lock {
  const path = join(dir, LOCK_FILE);
  if (!existsSync(path)) return { versions: {} };
  const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<Lock>;
  return { versions: parsed.versions ?? {} };
}

/** The fields of a definition as the lock keeps them: what D5 compares. */
function lockedFields(definition: Definition): Record<string, string[]> {
  return Object.fromEntries(
    [...fieldsOf(definition)].map(([key, info]) => [key, [info.section, info.kind, ...(info.options ?? [])]]),
  );
}

/** The entry a version gets when it is published. */
export function lockEntry(
  definition: Definition,
  vocabularies: Vocabularies,
  translations: readonly Translation[] = [],
): LockedVersion {
  const parts = partsOf(definition);
  return {
    ...versionDigests(parts),
    vocabularies,
    fields: lockedFields(definition),
    parts: Object.fromEntries(parts.map((part) => [part.id, partDigests(part)])),
    ...(translations.length > 0 && { translations: translationDigests(translations) }),
  };
}

/** Each translation's digest, by language: its texts and whether it was reviewed. */
export function translationDigests(translations: readonly Translation[]): Record<string, string> {
  return Object.fromEntries(translations.map((t) => [t.language, digest(t)]));
}

/** A value on one line as Prettier writes it: `["a", "b"]`, `{ "code": "yes", "label": "Oui" }`. */
function inline(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(inline).join(', ')}]`;
  if (typeof value === 'object' && value !== null)
    return `{ ${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}: ${inline(v)}`)
      .join(', ')} }`;
  return JSON.stringify(value);
}

/**
 * Two levels indented, anything deeper on one line unless it is over 120 characters (then a list
 * has one item a line): the layout Prettier gives, so the file passes the format check as written,
 * and the same bytes every time.
 */
function serialize(lock: Lock): string {
  const refs = Object.keys(lock.versions).sort((a, b) => {
    const [ida = '', va = ''] = a.split('@');
    const [idb = '', vb = ''] = b.split('@');
    return ida < idb ? -1 : ida > idb ? 1 : compareVersions(va, vb);
  });
  const line = (indent: string, key: string, value: unknown) => {
    const flat = `${indent}${JSON.stringify(key)}: ${inline(value)}`;
    if (!Array.isArray(value)) return flat;
    // Prettier keeps a list on one line when it fits, but never a list of several objects.
    const ofObjects = value.length > 1 && value.every((v) => typeof v === 'object' && v !== null);
    if (flat.length + 1 <= 120 && !ofObjects) return flat;
    const items = value.map((v) => `${indent}  ${inline(v)}`).join(',\n');
    return `${indent}${JSON.stringify(key)}: [\n${items}\n${indent}]`;
  };
  const block = (entries: Array<[string, unknown]>, indent: string) =>
    entries.map(([k, v]) => line(indent, k, v)).join(',\n');
  const versions = refs.map((ref) => {
    const v = lock.versions[ref] as LockedVersion;
    const section = (name: string, map: Record<string, unknown>) =>
      Object.keys(map).length === 0
        ? `      ${JSON.stringify(name)}: {}`
        : `      ${JSON.stringify(name)}: {\n${block(Object.entries(map), '        ')}\n      }`;
    return [
      `    ${JSON.stringify(ref)}: {`,
      `      "contract": ${JSON.stringify(v.contract)},`,
      `      "texts": ${JSON.stringify(v.texts)},`,
      `${section('vocabularies', v.vocabularies)},`,
      `${section('fields', v.fields)},`,
      v.translations ? `${section('parts', v.parts)},` : section('parts', v.parts),
      ...(v.translations ? [section('translations', v.translations)] : []),
      '    }',
    ].join('\n');
  });
  return `{\n  "$comment": ${JSON.stringify(COMMENT)},\n  "versions": {\n${versions.join(',\n')}\n  }\n}\n`;
}

/** Writes the lock with one more published version. */
export function writeLock(dir: string, lock: Lock, definition: Definition, entry: LockedVersion): Lock {
  const next = { versions: { ...lock.versions, [definitionRef(definition)]: entry } };
  writeFileSync(join(dir, LOCK_FILE), serialize(next));
  return next;
}

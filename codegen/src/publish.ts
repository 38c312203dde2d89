import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { definitionRef, type Vocabularies } from '@bilan/engine';
import { loadDefinitions, type LoadedDefinition } from './loadDefinitions';
import { lockEntry, readLock, writeLock, type LockedVersion } from './lock/lockFile';
import type { Problem } from './messages/problem';

/** The questionnaire id a band names: `18to25`, `18-25` or `bilan-18to25`. */
export function idOfBand(band: string): string {
  const code = band.replace(/^bilan-/, '').replace(/^(\d+)-(\d+)$/, '$1to$2');
  return `bilan-${code}`;
}

/** The shared vocabularies a definition file names, with their answer strings as they are now. */
function vocabularySnapshot(version: LoadedDefinition, vocabularies: Vocabularies): Vocabularies {
  const names = new Set<string>();
  for (const page of version.raw.pages)
    for (const item of page.items)
      if (item.kind === 'single' && !Array.isArray(item.options)) names.add(item.options.vocabulary);
  return Object.fromEntries([...names].sort().map((name) => [name, vocabularies[name] ?? []]));
}

export type PublishResult =
  { ok: true; ref: string; file: string; entry: LockedVersion } | { ok: false; message: string; problems: Problem[] };

/**
 * `pnpm definitions:publish <band> <version>`: a draft becomes published. Refused unless the
 * whole folder is sound (the draft and everything it is compared with); then the draft's
 * digests, its vocabularies as they are now, its fields and parts are written to the lock. From
 * then on the version is frozen (D35) and codegen gives it to patients as their band's newest.
 */
export function publish(dir: string, band: string, version: string, cwd = process.cwd()): PublishResult {
  const id = idOfBand(band);
  const path = join(dir, id, `${version}.json`);
  if (!existsSync(path))
    return { ok: false, message: `pas de brouillon ${relative(cwd, path) || path} à publier`, problems: [] };
  const result = loadDefinitions(dir, cwd);
  const target = result.definitions.find((d) => d.definition.id === id && d.definition.version === version);
  if (target?.published) return { ok: false, message: `${id}@${version} est déjà publiée (et figée)`, problems: [] };
  if (result.problems.length > 0 || !target)
    return {
      ok: false,
      message: `${id}@${version} n’est pas publiée\u00a0: corrigez d’abord ces ${result.problems.length} problème(s)`,
      problems: result.problems,
    };
  const entry = lockEntry(target.definition, vocabularySnapshot(target, result.vocabularies), target.translations);
  writeLock(dir, readLock(dir), target.definition, entry);
  return { ok: true, ref: definitionRef(target.definition), file: target.file, entry };
}

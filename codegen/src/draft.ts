import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { loadDefinitions } from './loadDefinitions';
import { idOfBand } from './publish';
import { newestOf, nextVersion } from './versionAdvice';

export type DraftResult = { ok: true; file: string; version: string; from: string } | { ok: false; message: string };

/**
 * `pnpm definitions:draft <band> [--major]`: the next version of a band's questionnaire, as a copy
 * of its newest published version with the new version number, and of its translations, ready
 * to edit. One draft at a time per band: an open draft is where changes go.
 */
export function createDraft(dir: string, band: string, major: boolean, cwd = process.cwd()): DraftResult {
  const id = idOfBand(band);
  const versions = loadDefinitions(dir, cwd).definitions.filter((d) => d.definition.id === id);
  const open = versions.find((v) => !v.published);
  if (open) return { ok: false, message: `un brouillon est déjà ouvert pour ${id}\u00a0: ${open.file}` };
  const from = newestOf(versions.map((v) => ({ ...v, version: v.definition.version })));
  if (!from) return { ok: false, message: `aucune version publiée de ${id} à copier` };
  const version = nextVersion(
    versions.map((v) => v.definition.version),
    major,
  );
  const path = join(dir, id, `${version}.json`);
  if (existsSync(path)) return { ok: false, message: `${relative(cwd, path)} existe déjà` };
  const range = from.source.rangeOf('/version');
  const text = readFileSync(from.path, 'utf8');
  if (!range) return { ok: false, message: `${from.file} n’a pas de version` };
  writeFileSync(path, text.slice(0, range.start) + JSON.stringify(version) + text.slice(range.end));
  // Its languages go with it (D41): the same texts, translated the same, until the draft changes them.
  for (const translation of from.translations) {
    const name = `${from.definition.version}.${translation.language}.json`;
    copyFileSync(join(dir, id, name), join(dir, id, `${version}.${translation.language}.json`));
  }
  return { ok: true, file: relative(cwd, path) || path, version, from: from.definition.version };
}

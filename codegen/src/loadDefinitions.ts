import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import {
  compareVersions,
  definitionRef,
  type Definition,
  type DefinitionFile,
  type Translation,
  type Vocabularies,
} from '@bilan/engine';
import { compatibilityProblems } from './compatibility';
import { defaultDefinitionsDir, discoverDefinitionFiles, schemaFile } from './definitionsRoot';
import type { JsonSource } from './messages/jsonSource';
import type { Problem } from './messages/problem';
import { frozenProblems } from './lock/frozen';
import { LOCK_FILE, readLock, translationDigests, type Lock } from './lock/lockFile';
import { vocabularyProblems } from './lock/vocabularyLock';
import { readSource, readVersion } from './readVersion';
import { frozenTranslationProblems, orphanTranslations, translationsOf } from './translations';
import { newestOf, nextVersion, versionAdvice } from './versionAdvice';

export type { Problem } from './messages/problem';

export interface LoadedDefinition {
  /** Path relative to the current directory, e.g. definitions/bilan-18to25/1.0.0.json (absolute outside it). */
  file: string;
  /** Absolute path. */
  path: string;
  source: JsonSource;
  raw: DefinitionFile;
  /** Vocabularies resolved: a published version's from its lock, a draft's from vocabularies.json. */
  definition: Definition;
  /** In the lock: served to patients, frozen. A version not in it is a draft. */
  published: boolean;
  /** Its texts in other languages (`<version>.<language>.json` beside it, D41). */
  translations: Translation[];
}

export interface LoadResult {
  /** Every version that could be read and resolved, published and drafts, ordered by id then version. */
  definitions: LoadedDefinition[];
  problems: Problem[];
  lock: Lock;
  vocabularies: Vocabularies;
  vocabulariesFile: string;
}

type Schema = Record<string, unknown>;

/**
 * Loads every definition of a folder and checks it, with one line per mistake an editor can act
 * on (see readVersion for each file's own checks); then what publication froze (D35):
 * vocabularies.json against what published versions used, each published version against its
 * lock, the lock's versions all present, drafts after the published versions; and D5 between
 * every version and every later one of its band. A published version changed by hand is reported
 * for that alone: undoing the change is the fix, whatever else it broke. Vocabularies and
 * schemas come from the folder, or the repository's when it has none (test folders).
 */
export function loadDefinitions(dir: string = defaultDefinitionsDir, cwd: string = process.cwd()): LoadResult {
  const problems: Problem[] = [];
  const rel = (path: string) => {
    const short = relative(cwd, path);
    return short === '' || short.startsWith('..') ? path : short;
  };
  const vocabulariesFile = schemaFile(dir, 'vocabularies.json');
  const vocabulariesSource = readSource(vocabulariesFile, rel(vocabulariesFile), problems);
  const vocabularies = (vocabulariesSource?.value ?? {}) as Vocabularies;
  const lockPath = join(dir, LOCK_FILE);
  const lockSource = existsSync(lockPath) ? readSource(lockPath, rel(lockPath), problems) : undefined;
  const lock = readLock(dir);
  const vocabulary = vocabulariesSource
    ? vocabularyProblems(lock, vocabularies, vocabulariesSource, rel(vocabulariesFile))
    : { problems: [], broken: new Set<string>() };
  problems.push(...vocabulary.problems);

  const assessmentSchema = JSON.parse(readFileSync(schemaFile(dir, 'assessment.schema.json'), 'utf8')) as Schema;
  const definitionSchema = JSON.parse(readFileSync(schemaFile(dir, 'definition.schema.json'), 'utf8')) as Schema;
  const ajv = new Ajv({ allErrors: true, allowUnionTypes: true, discriminator: true, verbose: true });
  addFormats(ajv);
  const validateTranslation = ajv.compile(
    JSON.parse(readFileSync(schemaFile(dir, 'translation.schema.json'), 'utf8')) as Schema,
  );
  // The meta-schema refers to the assessment part's schema by its $id.
  ajv.addSchema(assessmentSchema);
  const context = {
    validate: ajv.compile(definitionSchema),
    schemas: [definitionSchema, assessmentSchema],
    vocabulariesFor: (raw: DefinitionFile) => {
      const entry = lock.versions[`${raw.id}@${raw.version}`];
      return entry ? { vocabularies: entry.vocabularies, published: true } : { vocabularies, published: false };
    },
    vocabulariesFile: rel(vocabulariesFile),
    brokenVocabularies: vocabulary.broken,
  };

  const loaded: Array<LoadedDefinition & { problems: Problem[] }> = [];
  for (const path of discoverDefinitionFiles(dir)) {
    const file = rel(path);
    const read = readVersion(path, file, context);
    if (read.source && read.raw && read.definition && read.named) {
      const published = Boolean(lock.versions[definitionRef(read.definition)]);
      const place = { path, file, source: read.source, definition: read.definition };
      const translated = translationsOf(place, validateTranslation, rel, rel(vocabulariesFile));
      loaded.push({
        ...place,
        raw: read.raw,
        published,
        translations: translated.translations,
        problems: [...read.problems, ...translated.problems],
      });
    } else problems.push(...read.problems);
  }

  const states = (id: string) =>
    loaded
      .filter((l) => l.definition.id === id)
      .map((l) => ({ version: l.definition.version, published: l.published }));
  const bandOf = (id: string) => loaded.find((l) => l.definition.id === id)?.definition.band.code ?? id;
  const advice = (id: string, breaking: boolean) => versionAdvice(states(id), bandOf(id), breaking);

  const changedAfterPublication = new Set<string>();
  for (const l of loaded) {
    const entry = lock.versions[definitionRef(l.definition)];
    if (entry)
      problems.push(...frozenTranslationProblems(l, entry.translations ?? {}, translationDigests(l.translations), rel));
    if (entry) {
      const frozen = frozenProblems(l.definition, entry, l.source, l.file, (breaking) =>
        advice(l.definition.id, breaking),
      );
      if (frozen.length > 0) {
        changedAfterPublication.add(l.file);
        problems.push(...frozen);
        continue;
      }
    }
    problems.push(...l.problems);
    const published = states(l.definition.id).filter((s) => s.published);
    const newest = newestOf(published);
    if (!entry && newest && compareVersions(newest.version, l.definition.version) > 0) {
      const name = nextVersion(
        published.map((s) => s.version),
        false,
      );
      problems.push({
        file: l.file,
        position: l.source.positionOf('/version'),
        message: `brouillon ${l.definition.version} plus ancien que la version publiée ${newest.version}\u00a0: un brouillon vient après les versions publiées, renommez-le ${name}`,
      });
    }
  }

  for (const ref of Object.keys(lock.versions)) {
    const [id = '', version = ''] = ref.split('@');
    // A file that is there but has problems is reported for them.
    if (existsSync(join(dir, id, `${version}.json`))) continue;
    problems.push({
      file: rel(lockPath),
      ...(lockSource ? { position: lockSource.propertyPositionOf('/versions', ref) } : {}),
      subject: ref,
      message: 'version publiée dont le fichier manque\u00a0: des questionnaires enregistrés en dépendent, remettez-le',
    });
  }

  const compared = loaded.map((l) => {
    const locked = lock.versions[definitionRef(l.definition)];
    const changed = changedAfterPublication.has(l.file);
    return { file: l.file, source: l.source, definition: l.definition, changed, ...(locked ? { locked } : {}) };
  });
  // A draft that breaks D5 becomes a major version by its name; a published one cannot change.
  const majorAdvice = (later: { definition: Definition; locked?: unknown }) =>
    later.locked
      ? `faites-le ${advice(later.definition.id, true)}`
      : `faites de ce brouillon une version majeure\u00a0: renommez-le ${nextVersion(
          states(later.definition.id).map((s) => s.version),
          true,
        )}.json (et sa version)`;
  problems.push(...compatibilityProblems(compared, majorAdvice, vocabulary.broken));
  problems.push(...orphanTranslations(dir, rel));
  const definitions = loaded.map(({ problems: _own, ...l }) => l);
  return { definitions, problems, lock, vocabularies, vocabulariesFile };
}

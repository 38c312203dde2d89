import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import {
  checkDefinition,
  compareDefinitions,
  compareVersions,
  definitionTypographyIssues,
  resolveDefinition,
  UnknownVocabularyError,
  type Definition,
  type DefinitionFile,
  type Vocabularies,
} from '@bilan/engine';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const defaultDefinitionsDir = join(repoRoot, 'definitions');
const metaSchemaFile = join(defaultDefinitionsDir, 'definition.schema.json');
const VERSION_FILE = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)\.json$/;

export interface Problem {
  /** File path relative to the current directory, e.g. definitions/bilan-18to25/1.0.0.json. */
  file: string;
  field?: string;
  message: string;
}

export interface LoadedDefinition {
  file: string;
  raw: DefinitionFile;
  definition: Definition;
}

export interface LoadResult {
  definitions: LoadedDefinition[];
  problems: Problem[];
  vocabulariesFile: string;
}

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8')) as unknown;
}

/** Every `<dir>/<id>/<major.minor.patch>.json`, ordered by id then version. */
function discoverDefinitionFiles(dir: string): string[] {
  const files: Array<{ id: string; version: string; path: string }> = [];
  for (const id of readdirSync(dir).sort()) {
    const folder = join(dir, id);
    if (!statSync(folder).isDirectory()) continue;
    for (const name of readdirSync(folder)) {
      if (VERSION_FILE.test(name))
        files.push({ id, version: name.slice(0, -'.json'.length), path: join(folder, name) });
    }
  }
  files.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : compareVersions(a.version, b.version)));
  return files.map((f) => f.path);
}

/**
 * Loads every definition of a folder and checks it: JSON syntax, the meta-schema, file name
 * against id and version, vocabulary references, the engine's checks, then D5 between
 * consecutive versions of each id. Vocabularies come from `<dir>/vocabularies.json`, or the
 * repository's when the folder has none (test folders).
 */
export function loadDefinitions(dir: string = defaultDefinitionsDir, cwd: string = process.cwd()): LoadResult {
  const problems: Problem[] = [];
  const definitions: LoadedDefinition[] = [];
  const resolved: LoadedDefinition[] = [];
  const ownVocabularies = join(dir, 'vocabularies.json');
  const vocabulariesFile = existsSync(ownVocabularies)
    ? ownVocabularies
    : join(defaultDefinitionsDir, 'vocabularies.json');
  const vocabularies = readJson(vocabulariesFile) as Vocabularies;
  const ajv = new Ajv({ allErrors: true, allowUnionTypes: true });
  addFormats(ajv);
  // The meta-schema refers to the assessment part's schema by its $id.
  ajv.addSchema(readJson(join(defaultDefinitionsDir, 'assessment.schema.json')) as object);
  const validateFile = ajv.compile(readJson(metaSchemaFile) as object);

  for (const path of discoverDefinitionFiles(dir)) {
    const file = relative(cwd, path) || path;
    const problem = (message: string, field?: string) => problems.push({ file, message, ...(field ? { field } : {}) });
    let raw: unknown;
    try {
      raw = readJson(path);
    } catch (error) {
      problem(`invalid JSON: ${(error as Error).message}`);
      continue;
    }
    if (!validateFile(raw)) {
      for (const error of validateFile.errors ?? []) {
        problem(`${error.instancePath || '/'} ${error.message ?? error.keyword} ${JSON.stringify(error.params)}`);
      }
      continue;
    }
    const definitionFile = raw as DefinitionFile;
    const folder = path.split(/[\\/]/).at(-2);
    const version = path.split(/[\\/]/).at(-1)?.slice(0, -'.json'.length);
    if (folder !== definitionFile.id) problem(`id "${definitionFile.id}" does not match its folder "${folder}"`);
    if (version !== definitionFile.version)
      problem(`version "${definitionFile.version}" does not match its file name "${version}.json"`);
    let definition: Definition;
    try {
      definition = resolveDefinition(definitionFile, vocabularies);
    } catch (error) {
      if (error instanceof UnknownVocabularyError) {
        problem(`unknown vocabulary "${error.vocabulary}" (not in ${relative(cwd, vocabulariesFile)})`, error.field);
        continue;
      }
      throw error;
    }
    const issues = checkDefinition(definition);
    for (const issue of issues) problem(`${issue.message} (at ${issue.path})`, issue.field);
    // French typography: a fault is reported like any other problem, but the structure is sound.
    for (const issue of definitionTypographyIssues(definition))
      problem(`${issue.message} (at ${issue.path})`, issue.field);
    const entry = { file, raw: definitionFile, definition };
    // A version with problems is still compared with its neighbours, so D5 is reported too.
    if (folder === definitionFile.id && version === definitionFile.version) resolved.push(entry);
    if (issues.length === 0 && folder === definitionFile.id && version === definitionFile.version)
      definitions.push(entry);
  }

  for (let i = 1; i < resolved.length; i += 1) {
    const previous = resolved[i - 1];
    const next = resolved[i];
    if (!previous || !next || previous.definition.id !== next.definition.id) continue;
    for (const issue of compareDefinitions(previous.definition, next.definition)) {
      problems.push({
        file: next.file,
        message: `${issue.message} (compared with ${previous.file})`,
        ...(issue.field ? { field: issue.field } : {}),
      });
    }
  }
  return { definitions, problems, vocabulariesFile };
}

/** One line per problem: `definitions/bilan-18to25/1.0.0.json: gender: <problem>`. */
export function formatProblem(problem: Problem): string {
  return problem.field
    ? `${problem.file}: ${problem.field}: ${problem.message}`
    : `${problem.file}: ${problem.message}`;
}

import { readFileSync } from 'node:fs';
import type { ValidateFunction } from 'ajv';
import {
  checkDefinition,
  closestName,
  definitionTypographyIssues,
  resolveDefinition,
  UnknownVocabularyError,
  type Definition,
  type DefinitionFile,
  type DefinitionIssue,
  type Vocabularies,
} from '@bilan/engine';
import { engineProblems } from './messages/engineProblems';
import { fieldPointer, vocabularyOf } from './messages/fieldPointer';
import { jsonSource, JsonSyntaxError, type JsonSource } from './messages/jsonSource';
import type { Problem } from './messages/problem';
import { schemaProblems } from './messages/schemaProblems';

type Schema = Record<string, unknown>;

/** A JSON file read for the check: its source, or a problem saying where its syntax breaks. */
export function readSource(path: string, file: string, problems: Problem[]): JsonSource | undefined {
  try {
    return jsonSource(readFileSync(path, 'utf8'));
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    problems.push({ file, position: error.position, message: `JSON mal formé\u00a0: ${error.message}` });
    return undefined;
  }
}

export interface VersionRead {
  source?: JsonSource;
  raw?: DefinitionFile;
  /** Resolved, when the file is sound enough to be. */
  definition?: Definition;
  /** Its name and folder say the id and version it holds. */
  named: boolean;
  problems: Problem[];
}

export interface ReadContext {
  validate: ValidateFunction;
  schemas: readonly Schema[];
  /** The vocabularies to resolve with: a published version's own (locked), else vocabularies.json's. */
  vocabulariesFor: (raw: DefinitionFile) => { vocabularies: Vocabularies; published: boolean };
  vocabulariesFile: string;
  /** Vocabularies already reported as broken: what follows from them in a draft is not reported again. */
  brokenVocabularies: ReadonlySet<string>;
}

/**
 * One definition file read and checked on its own: JSON, the meta-schema, its name against its
 * id and version, its vocabularies, then the engine's checks and French typography.
 */
export function readVersion(path: string, file: string, context: ReadContext): VersionRead {
  const problems: Problem[] = [];
  const source = readSource(path, file, problems);
  if (!source) return { named: false, problems };
  if (!context.validate(source.value))
    return {
      source,
      named: false,
      problems: schemaProblems(context.validate.errors ?? [], source, file, context.schemas),
    };
  const raw = source.value as DefinitionFile;
  const folder = path.split(/[\\/]/).at(-2);
  const version = path.split(/[\\/]/).at(-1)?.slice(0, -'.json'.length);
  if (folder !== raw.id)
    problems.push({
      file,
      position: source.positionOf('/id'),
      message: `id ${raw.id}\u00a0: il doit être le nom de son dossier, ${folder}`,
    });
  if (version !== raw.version)
    problems.push({
      file,
      position: source.positionOf('/version'),
      message: `version ${raw.version}\u00a0: elle doit être le nom du fichier, ${version}`,
    });
  const named = problems.length === 0;
  const { vocabularies, published } = context.vocabulariesFor(raw);
  let definition: Definition;
  try {
    definition = resolveDefinition(raw, vocabularies);
  } catch (error) {
    if (!(error instanceof UnknownVocabularyError)) throw error;
    const meant = closestName(error.vocabulary, Object.keys(vocabularies));
    problems.push({
      file,
      position: source.positionOf(`${fieldPointer(raw, error.field) ?? ''}/options/vocabulary`),
      subject: error.field,
      message: published
        ? `vocabulaire ${error.vocabulary}\u00a0: la version ${raw.version} a été publiée sans lui`
        : `vocabulaire ${error.vocabulary} inconnu de ${context.vocabulariesFile}${meant ? `\u00a0; vouliez-vous dire ${meant}\u00a0?` : ''}`,
    });
    return { source, raw, named, problems };
  }
  const fromBrokenVocabulary = (issue: DefinitionIssue) => {
    const vocabulary = !published && issue.field ? vocabularyOf(raw, issue.field) : undefined;
    return vocabulary !== undefined && context.brokenVocabularies.has(vocabulary);
  };
  // French typography: a fault is reported like any other problem, but the structure is sound.
  const issues = [...checkDefinition(definition), ...definitionTypographyIssues(definition)];
  problems.push(
    ...engineProblems(
      issues.filter((i) => !fromBrokenVocabulary(i)),
      source,
      file,
      { published },
    ),
  );
  return { source, raw, definition, named, problems };
}

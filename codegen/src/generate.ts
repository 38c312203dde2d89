import { answerSetSchema, definitionRef } from '@bilan/engine';
import { answerTypeFiles } from './answerTypes';
import { HEADER, type GeneratedFiles } from './generatedFiles';
import type { LoadedDefinition } from './loadDefinitions';
import { packageFiles } from './packageFiles';
import { translationFiles } from './translationFiles';
import { validatorFiles } from './validatorFiles';

/**
 * Everything codegen writes in codegen/generated (the package @bilan/generated), from checked
 * definitions: data and types, and the precompiled validators. Deterministic: same input, same bytes.
 */
export async function generate(loaded: LoadedDefinition[]): Promise<GeneratedFiles> {
  const definitions = loaded.map((l) => l.definition);
  const files: GeneratedFiles = new Map();
  for (const definition of definitions) {
    const schema = { $comment: HEADER, ...answerSetSchema(definition) };
    files.set(`schemas/${definitionRef(definition)}.json`, `${JSON.stringify(schema, null, 2)}\n`);
  }
  for (const part of [
    await answerTypeFiles(definitions),
    validatorFiles(definitions),
    packageFiles(definitions),
    translationFiles(loaded),
  ]) {
    for (const [path, content] of part) files.set(path, content);
  }
  return files;
}

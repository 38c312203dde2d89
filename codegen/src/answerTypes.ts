import { compile } from 'json-schema-to-typescript';
import { answerSetSchema, definitionRef, type Definition, type JsonSchema } from '@bilan/engine';
import { HEADER, type GeneratedFiles } from './generatedFiles';

function pascal(key: string): string {
  return key.charAt(0).toUpperCase() + key.slice(1);
}

/**
 * What the type names of a definition version end with: the band code for the newest version of
 * its id (`Answers18to25`), the band code and the version for an older one (`Answers18to25V1_0_0`).
 */
function typeSuffix(definition: Definition, newest: boolean): string {
  return newest ? definition.band.code : `${definition.band.code}V${definition.version.replaceAll('.', '_')}`;
}

/** The schema json-schema-to-typescript reads: type names as titles, French labels as comments. */
function typingSchema(definition: Definition, suffix: string): JsonSchema {
  // `allOf` holds the exclusive boxes' if/then (D25): a rule across fields, which the validators
  // check and a TypeScript type cannot say; json-schema-to-typescript would only widen the type.
  const relabel = (s: JsonSchema, name?: string): JsonSchema => {
    const { $id: _id, $schema: _schema, title, description, properties, definitions, allOf: _across, ...rest } = s;
    const out: JsonSchema = { ...rest };
    if (name) out.title = name;
    const comment = [title, description].filter(Boolean).join(' — ');
    if (comment) out.description = comment;
    if (properties) out.properties = Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, relabel(v)]));
    if (definitions) {
      out.definitions = Object.fromEntries(
        Object.entries(definitions).map(([k, v]) => [k, relabel(v, `${pascal(k)}${suffix}`)]),
      );
    }
    return out;
  };
  return relabel(answerSetSchema(definition), `Answers${suffix}`);
}

async function typesFile(definition: Definition, suffix: string): Promise<string> {
  const code = await compile(typingSchema(definition, suffix) as Parameters<typeof compile>[0], `Answers${suffix}`, {
    bannerComment: `/* ${HEADER}. Answer types of ${definitionRef(definition)}. */`,
    additionalProperties: false,
    unreachableDefinitions: true,
    declareExternallyReferenced: true,
    format: true,
  });
  // json-schema-to-typescript capitalises a letter after digits (18To25); keep the band code.
  const band = definition.band.code;
  const mangled = band.replace(/(\d+)([a-z])/g, (_m, digits: string, letter: string) => digits + letter.toUpperCase());
  // Object types as aliases, not interfaces: an alias has an implicit index signature, so a
  // band's answers are also the engine's generic Answers (section → field → value).
  return code
    .replaceAll(mangled, band)
    .replace(/^export interface (\w+) \{$/gm, 'export type $1 = {')
    .replace(/^\}$/gm, '};');
}

/**
 * `types/`: the answer types of every definition version (json-schema-to-typescript over the
 * answer-set schema; the newest version of each id under plain names), and an index with the
 * maps keyed by definition ref and by band and the union of stored answers.
 */
export async function answerTypeFiles(definitions: readonly Definition[]): Promise<GeneratedFiles> {
  const files: GeneratedFiles = new Map();
  const newest = new Map<string, Definition>();
  for (const definition of definitions) newest.set(definition.id, definition);
  const modules: string[] = [];
  const byRef: string[] = [];
  for (const definition of definitions) {
    const isNewest = newest.get(definition.id) === definition;
    const suffix = typeSuffix(definition, isNewest);
    const module = isNewest ? definition.id : definitionRef(definition);
    files.set(`types/${module}.ts`, await typesFile(definition, suffix));
    modules.push(`import type { Answers${suffix} } from './${module}';\nexport type * from './${module}';`);
    byRef.push(`  '${definitionRef(definition)}': Answers${suffix};`);
  }
  const byBand = [...newest.values()].map((d) => `  '${d.band.code}': Answers${d.band.code};`);
  files.set(
    'types/index.ts',
    `// ${HEADER}
${modules.join('\n')}

/** The answer type of each definition version, by \`id@version\`. */
export interface AnswersByDefinition {
${byRef.join('\n')}
}

/** \`id@version\` of every definition version. */
export type DefinitionRef = keyof AnswersByDefinition;

/** The answer type of the newest definition of each band: what a new form is filled in. */
export interface AnswersByBand {
${byBand.join('\n')}
}

/** The answers a stored form may hold, whatever version it was given in. */
export type StoredAnswers = AnswersByDefinition[DefinitionRef];
`,
  );
  return files;
}

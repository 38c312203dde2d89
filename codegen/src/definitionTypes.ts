import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compile, type JSONSchema } from 'json-schema-to-typescript';
import { HEADER } from './generatedFiles';

/** Where the definition types are written: inside the engine, which may import nothing of ours. */
export const DEFINITION_TYPES_FILE = 'engine/src/definitionTypes.generated.ts';

const DEFINITION_SCHEMA_ID = 'https://bilan-prevention.fr/schemas/definition.schema.json';
const ASSESSMENT_SCHEMA_ID = 'https://bilan-prevention.fr/schemas/assessment.schema.json';

/**
 * The engine's names for the schemas' definitions (the schema keeps short keys an editor reads;
 * the code keeps the names it has always used). A definition missing here keeps
 * json-schema-to-typescript's own name, and the engine's definition.ts does not export it.
 */
const TYPE_NAMES: Record<string, Record<string, string>> = {
  [DEFINITION_SCHEMA_ID]: {
    band: 'Band',
    bandCode: 'BandCode',
    page: 'Page',
    item: 'PageItem',
    options: 'OptionsSource',
    single: 'SingleChoiceQuestion',
    checkboxes: 'CheckboxGroupQuestion',
    box: 'CheckboxBox',
    exclusiveOption: 'ExclusiveOption',
    number: 'NumberQuestion',
    shortText: 'TextQuestion',
    longText: 'TextareaQuestion',
    notice: 'NoticeItem',
    heading: 'HeadingItem',
    computed: 'ComputedField',
    // Visibility conditions name fields only; report rules may name facts too (`Condition`).
    condition: 'VisibilityCondition',
    requiredForCompletion: 'RequiredForCompletion',
    key: 'Key',
    text: 'Text',
    phones: 'Phones',
  },
  [ASSESSMENT_SCHEMA_ID]: {
    rule: 'AssessmentRule',
    due: 'DueRule',
    source: 'Source',
    score: 'ScoreConfig',
    condition: 'Condition',
    theme: 'Theme',
    level: 'Level',
    sex: 'Sex',
    key: 'AssessmentKey',
    fieldOrFact: 'FieldOrFact',
    id: 'RuleId',
    text: 'AssessmentText',
  },
};

const ROOT_NAMES: Record<string, string> = {
  [DEFINITION_SCHEMA_ID]: 'DefinitionFile',
  [ASSESSMENT_SCHEMA_ID]: 'AssessmentPart',
};

function readSchema(path: string): JSONSchema & { $id: string; definitions: Record<string, JSONSchema> } {
  return JSON.parse(readFileSync(path, 'utf8')) as JSONSchema & {
    $id: string;
    definitions: Record<string, JSONSchema>;
  };
}

/**
 * The schemas with each definition's type name written as its `title` (json-schema-to-typescript
 * names a type after its title), and each root's: what the engine calls them. The titles an
 * editor reads in the files are not changed: this is a copy.
 */
function namedSchema(path: string): JSONSchema {
  const schema = readSchema(path);
  const names = TYPE_NAMES[schema.$id] ?? {};
  const definitions = Object.fromEntries(
    Object.entries(schema.definitions).map(([key, sub]) => [key, names[key] ? { ...sub, title: names[key] } : sub]),
  );
  return { ...schema, title: ROOT_NAMES[schema.$id] ?? schema.title, definitions };
}

/**
 * `engine/src/definitionTypes.generated.ts`: the TypeScript shape of a definition file, derived
 * from `definitions/definition.schema.json` and `assessment.schema.json` by
 * json-schema-to-typescript, so the types and the schema cannot disagree (issue 32). Arrays are
 * plain arrays (minItems is the schema's to check, not the types').
 */
export async function definitionTypesFile(definitionsDir: string): Promise<string> {
  const assessment = namedSchema(join(definitionsDir, 'assessment.schema.json'));
  const definition = namedSchema(join(definitionsDir, 'definition.schema.json'));
  const code = await compile(definition as Parameters<typeof compile>[0], 'DefinitionFile', {
    bannerComment: `/* ${HEADER}: derived from definitions/definition.schema.json and assessment.schema.json. */`,
    additionalProperties: false,
    ignoreMinAndMaxItems: true,
    unreachableDefinitions: true,
    declareExternallyReferenced: true,
    format: true,
    style: { singleQuote: true, printWidth: 120, trailingComma: 'all' },
    $refOptions: {
      resolve: {
        // The definition schema names the assessment part by its file name: read it from here.
        external: true,
        file: false,
        http: false,
        bilan: {
          order: 1,
          canRead: /assessment\.schema\.json$/,
          read: () => assessment,
        },
      } as never,
    },
  });
  return `${code.trimEnd()}\n`;
}

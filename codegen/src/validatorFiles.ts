import { createRequire } from 'node:module';
import Ajv from 'ajv';
import standaloneCode from 'ajv/dist/standalone';
import { answerSetSchema, definitionRef, type Definition } from '@bilan/engine';
import { HEADER, safeIdentifier, type GeneratedFiles } from './generatedFiles';

// ajv's standalone ESM output still `require`s this runtime helper (maxLength counts code
// points); ajv's own function is inlined so the browser needs neither require nor eval.
const UCS2LENGTH_REQUIRE = 'require("ajv/dist/runtime/ucs2length").default';
const ucs2length = (createRequire(import.meta.url)('ajv/dist/runtime/ucs2length') as { default: (s: string) => number })
  .default;

/** Keywords that hold schemas by name (their keys are field names, not keywords). */
const SCHEMA_MAPS = new Set(['properties', 'definitions', 'patternProperties', '$defs']);
/** Keywords whose value is data, not a schema. */
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'examples', 'required']);
/** Annotations: they change no verdict, and ajv's standalone code would carry every question's text. */
const ANNOTATIONS = new Set(['title', 'description', '$comment']);

/** The schema without its annotations, so the validators do not ship the questions' wording twice. */
export function withoutAnnotations(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutAnnotations);
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (ANNOTATIONS.has(key)) continue;
    if (DATA_KEYWORDS.has(key)) out[key] = value;
    else if (SCHEMA_MAPS.has(key) && typeof value === 'object' && value !== null) {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, withoutAnnotations(sub)]));
    } else out[key] = withoutAnnotations(value);
  }
  return out;
}

/** `validators/<id>@<version>.js`: one module per version, so a browser loads only its own. */
function versionValidators(definition: Definition): { js: string; dts: string } {
  const ajv = new Ajv({ code: { source: true, esm: true }, allErrors: true, messages: false });
  const ref = definitionRef(definition);
  ajv.addSchema(withoutAnnotations(answerSetSchema(definition)) as object);
  const exports: Record<string, string> = { answers: ref };
  const sections: string[] = [];
  for (const page of definition.pages) {
    const name = `section_${safeIdentifier(page.section)}`;
    exports[name] = `${ref}#/${page.section}`;
    sections.push(`  ${JSON.stringify(page.section)}: ${name},`);
  }
  let code = standaloneCode(ajv, exports);
  if (code.includes(UCS2LENGTH_REQUIRE))
    code = `${code.replaceAll(UCS2LENGTH_REQUIRE, 'ucs2length')}\n${ucs2length.toString()}`;
  if (/\brequire\(|new Function|\beval\(/.test(code)) {
    throw new Error(`the standalone validators of ${ref} still need require or eval at run time`);
  }
  return {
    js: `// ${HEADER}\n${code}\n\nexport const sections = {\n${sections.join('\n')}\n};\n`,
    dts: `// ${HEADER}
import type { ValidatorFunction } from '@bilan/engine';

/** The whole answer set's validator of ${ref}. */
export declare const answers: ValidatorFunction;
/** One validator per section of ${ref}. */
export declare const sections: Record<string, ValidatorFunction>;
`,
  };
}

/**
 * The ajv standalone validators: `validators/<id>@<version>.js` per version (the whole answer
 * set's and one per section), and `validators.js`, every version under `validators['<id>@<version>']`
 * for the server; typed with the engine's ValidatorFunction.
 */
export function validatorFiles(definitions: readonly Definition[]): GeneratedFiles {
  const files: GeneratedFiles = new Map();
  const imports: string[] = [];
  const map: string[] = [];
  definitions.forEach((definition, index) => {
    const ref = definitionRef(definition);
    const { js, dts } = versionValidators(definition);
    files.set(`validators/${ref}.js`, js);
    files.set(`validators/${ref}.d.ts`, dts);
    imports.push(`import * as v${index} from './validators/${ref}.js';`);
    map.push(`  ${JSON.stringify(ref)}: v${index},`);
  });
  files.set(
    'validators.js',
    `// ${HEADER}\n${imports.join('\n')}\n\nexport const validators = {\n${map.join('\n')}\n};\n`,
  );
  files.set(
    'validators.d.ts',
    `// ${HEADER}
import type { ValidatorFunction } from '@bilan/engine';

/** For each \`id@version\`: the whole answer set's validator and one per section. */
export declare const validators: Record<string, { answers: ValidatorFunction; sections: Record<string, ValidatorFunction> }>;
`,
  );
  return files;
}

import { createRequire } from 'node:module';
import Ajv from 'ajv';
import standaloneCode from 'ajv/dist/standalone';
import { answerSetSchema, definitionRef, type Definition } from '@bilan/engine';
import { HEADER, safeIdentifier, type GeneratedFiles } from './generatedFiles';

// ajv's standalone ESM output still `require`s this runtime helper (maxLength counts code
// points); ajv's own function is inlined so the browser needs neither require nor eval.
const UCS2LENGTH_REQUIRE = 'require("ajv/dist/runtime/ucs2length").default';
const ucs2length = (createRequire(import.meta.url)('ajv/dist/runtime/ucs2length') as { default: (s: string) => number }).default;

/**
 * `validators.js` (ajv standalone ESM: one validator per answer set and per section, gathered in
 * `validators['<id>@<version>']`) and its declarations, typed with the engine's ValidatorFunction.
 */
export function validatorFiles(definitions: readonly Definition[]): GeneratedFiles {
  const ajv = new Ajv({ code: { source: true, esm: true }, allErrors: true, messages: false });
  const exports: Record<string, string> = {};
  const map: string[] = [];
  const declarations: string[] = [];
  for (const definition of definitions) {
    const ref = definitionRef(definition);
    ajv.addSchema(answerSetSchema(definition) as object);
    const base = safeIdentifier(ref);
    exports[`${base}__answers`] = ref;
    declarations.push(`export declare const ${base}__answers: ValidatorFunction;`);
    const sections: string[] = [];
    for (const page of definition.pages) {
      const name = `${base}__${safeIdentifier(page.section)}`;
      exports[name] = `${ref}#/${page.section}`;
      declarations.push(`export declare const ${name}: ValidatorFunction;`);
      sections.push(`      ${JSON.stringify(page.section)}: ${name},`);
    }
    map.push(`  ${JSON.stringify(ref)}: {\n    answers: ${base}__answers,\n    sections: {\n${sections.join('\n')}\n    },\n  },`);
  }
  let code = standaloneCode(ajv, exports);
  if (code.includes(UCS2LENGTH_REQUIRE)) code = `${code.replaceAll(UCS2LENGTH_REQUIRE, 'ucs2length')}\n${ucs2length.toString()}`;
  if (/\brequire\(|new Function|\beval\(/.test(code)) {
    throw new Error('the standalone validators still need require or eval at run time');
  }
  const js = `// ${HEADER}\n${code}\n\nexport const validators = {\n${map.join('\n')}\n};\n`;
  const dts = `// ${HEADER}
import type { ValidatorFunction } from '@bilan/engine';

${declarations.join('\n')}

/** For each \`id@version\`: the whole answer set's validator and one per section. */
export declare const validators: Record<string, { answers: ValidatorFunction; sections: Record<string, ValidatorFunction> }>;
`;
  return new Map([
    ['validators.js', js],
    ['validators.d.ts', dts],
  ]);
}

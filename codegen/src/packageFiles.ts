import { definitionRef, estimatedMinutes, type Definition } from '@bilan/engine';
import { HEADER, type GeneratedFiles } from './generatedFiles';

/** The generated folder is the workspace package @bilan/generated: its manifest and entry points. */
const manifest = {
  name: '@bilan/generated',
  private: true,
  version: '0.0.0',
  description: `${HEADER}: the resolved definitions (data), the ajv standalone validators and the answer types`,
  type: 'module',
  exports: {
    '.': './index.ts',
    './definitions': './definitions.ts',
    './catalog': './catalog.ts',
    './validatorLoaders': './validatorLoaders.ts',
    './translations': './translations.ts',
    './validators': { types: './validators.d.ts', default: './validators.js' },
    './types': './types/index.ts',
    './schemas/*': './schemas/*',
  },
  dependencies: { '@bilan/engine': 'workspace:*' },
};

/**
 * `package.json`, `index.ts` (everything), `definitions/<id>@<version>.ts` (one definition with
 * its vocabularies resolved, as a typed literal), `definitions.ts` (every version, ordered by id
 * then version) and `catalog.ts` (each version's band, and how to load it alone with its
 * validators: a browser downloads only the questionnaire it shows). Data only: the engine's
 * createRegistry finds the one a form needs.
 */
export function packageFiles(definitions: readonly Definition[]): GeneratedFiles {
  const files: GeneratedFiles = new Map([
    ['package.json', `${JSON.stringify(manifest, null, 2)}\n`],
    [
      'index.ts',
      `// ${HEADER}
export { definitions } from './definitions';
export { validators } from './validators.js';
export type * from './types/index';
`,
    ],
  ]);
  const imports: string[] = [];
  const entries: string[] = [];
  const loaders: string[] = [];
  definitions.forEach((d, index) => {
    const ref = definitionRef(d);
    files.set(
      `definitions/${ref}.ts`,
      `// ${HEADER}
import type { Definition } from '@bilan/engine';

export const definition: Definition = ${JSON.stringify(d, null, 2)};
`,
    );
    files.set(
      `versions/${ref}.ts`,
      `// ${HEADER}
// ${ref} alone: its definition and its sections' validators, one chunk for the browser (the whole
// answer set's validator, which only the server runs, is left out of it).
export { definition } from '../definitions/${ref}';
export { sections } from '../validators/${ref}.js';
`,
    );
    imports.push(`import { definition as d${index} } from './definitions/${ref}';`);
    loaders.push(`  ${JSON.stringify(ref)}: () => import('./validators/${ref}.js'),`);
    entries.push(
      `  { id: ${JSON.stringify(d.id)}, version: ${JSON.stringify(d.version)}, band: ${JSON.stringify(d.band)}, minutes: ${estimatedMinutes(d)}, load: () => import('./versions/${ref}') },`,
    );
  });
  files.set(
    'definitions.ts',
    `// ${HEADER}
// Every definition version, vocabularies resolved, ordered by id then version.
import type { Definition } from '@bilan/engine';
${imports.join('\n')}

export const definitions: readonly Definition[] = [${definitions.map((_, i) => `d${i}`).join(', ')}];
`,
  );
  files.set(
    'catalog.ts',
    `// ${HEADER}
// Each version's band, its duration (the engine's estimatedMinutes), and the loader of that version alone (definition and sections' validators).
import type { Band, Definition, ValidatorFunction } from '@bilan/engine';

export interface CatalogEntry {
  readonly id: string;
  readonly version: string;
  readonly band: Band;
  /** About how long it takes to fill in, in minutes (the start screen's « Environ <n> minutes »). */
  readonly minutes: number;
  readonly load: () => Promise<{ definition: Definition; sections: Record<string, ValidatorFunction> }>;
}

export const catalog: readonly CatalogEntry[] = [
${entries.join('\n')}
];
`,
  );
  files.set(
    'validatorLoaders.ts',
    `// ${HEADER}
// The server's loader of each version's validators (the whole answer set's and one per section), by
// \`<id>@<version>\`: imported on first use, one version at a time. Apart from the catalog, so that
// no browser chunk carries the whole answer set's validator.
import type { ValidatorFunction } from '@bilan/engine';

export const validatorLoaders: Readonly<
  Record<string, () => Promise<{ answers: ValidatorFunction; sections: Record<string, ValidatorFunction> }>>
> = {
${loaders.join('\n')}
};
`,
  );
  return files;
}

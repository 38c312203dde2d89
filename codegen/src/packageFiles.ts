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
 * `package.json`, `index.ts` (everything), `questionnaires/<id>@<version>.ts` (one definition
 * with its vocabularies resolved, as a typed literal, without its assessment's rules: what a
 * patient's screens read), `definitions/<id>@<version>.ts` (the same with its whole assessment:
 * what the server reads), `sections/<id>@<version>.ts` (its sections' validators),
 * `definitions.ts` (every version, ordered by id then version) and `catalog.ts` (each version's
 * band, and how to load its pages, then its validators, alone: a browser downloads only the
 * questionnaire it shows, and its first question waits only for the pages). Data only: the engine's
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
    const { assessment, ...questionnaire } = d;
    // What a patient's screens read of the assessment: the sex question the civility answers
    // (genderFromCivility). Its rules, scores and due dates are the server's: they stay out of
    // the browser's chunk.
    const screens: Definition =
      assessment?.sexField !== undefined
        ? {
            ...questionnaire,
            assessment: { sexField: assessment.sexField, sexValues: assessment.sexValues, rules: [] },
          }
        : questionnaire;
    files.set(
      `questionnaires/${ref}.ts`,
      `// ${HEADER}
// ${ref} as a patient's screens read it: its pages, without the assessment's rules (the
// server's), one chunk for the browser.
import type { Definition } from '@bilan/engine';

export const questionnaire: Definition = ${JSON.stringify(screens, null, 2)};
`,
    );
    files.set(
      `definitions/${ref}.ts`,
      `// ${HEADER}
import type { Definition } from '@bilan/engine';
import { questionnaire } from '../questionnaires/${ref}';

export const definition: Definition = ${
        assessment ? `{ ...questionnaire, assessment: ${JSON.stringify(assessment, null, 2)} }` : 'questionnaire'
      };
`,
    );
    files.set(
      `sections/${ref}.ts`,
      `// ${HEADER}
// ${ref}'s sections' validators, one chunk for the browser, loaded once its first page shows (the
// whole answer set's validator, which only the server runs, is left out of it).
export { sections } from '../validators/${ref}.js';
`,
    );
    imports.push(`import { definition as d${index} } from './definitions/${ref}';`);
    loaders.push(`  ${JSON.stringify(ref)}: () => import('./validators/${ref}.js'),`);
    entries.push(
      `  { id: ${JSON.stringify(d.id)}, version: ${JSON.stringify(d.version)}, band: ${JSON.stringify(d.band)}, minutes: ${estimatedMinutes(d)}, load: () => import('./questionnaires/${ref}'), loadSections: () => import('./sections/${ref}') },`,
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
// Each version's band, its duration (the engine's estimatedMinutes), and the loaders of that version alone: its pages, then its sections' validators.
import type { Band, Definition, ValidatorFunction } from '@bilan/engine';

export interface CatalogEntry {
  readonly id: string;
  readonly version: string;
  readonly band: Band;
  /** About how long it takes to fill in, in minutes (the start screen's « Environ <n> minutes »). */
  readonly minutes: number;
  /** Its pages alone, what the first question needs. */
  readonly load: () => Promise<{ questionnaire: Definition }>;
  /** Its sections' validators, what « Suivant » needs. */
  readonly loadSections: () => Promise<{ sections: Record<string, ValidatorFunction> }>;
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

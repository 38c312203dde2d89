import type { Definition } from '@bilan/engine';
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
    './validators': { types: './validators.d.ts', default: './validators.js' },
    './types': './types/index.ts',
    './schemas/*': './schemas/*',
  },
  dependencies: { '@bilan/engine': 'workspace:*' },
};

function indent(text: string, spaces: number): string {
  return text.replace(/\n/g, `\n${' '.repeat(spaces)}`);
}

/**
 * `package.json`, `index.ts` (everything) and `definitions.ts`: every definition version with
 * its vocabularies resolved, ordered by id then version, as a typed literal. Data only: the
 * engine's createRegistry finds the one a form needs.
 */
export function packageFiles(definitions: readonly Definition[]): GeneratedFiles {
  const literals = definitions.map((d) => `  ${indent(JSON.stringify(d, null, 2), 2)},`);
  return new Map([
    ['package.json', `${JSON.stringify(manifest, null, 2)}\n`],
    [
      'index.ts',
      `// ${HEADER}
export { definitions } from './definitions';
export { validators } from './validators.js';
export type * from './types/index';
`,
    ],
    [
      'definitions.ts',
      `// ${HEADER}
// Every definition version, vocabularies resolved, ordered by id then version.
import type { Definition } from '@bilan/engine';

export const definitions: readonly Definition[] = [
${literals.join('\n')}
];
`,
    ],
  ]);
}

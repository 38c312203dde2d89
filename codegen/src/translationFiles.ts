import { definitionRef } from '@bilan/engine';
import { HEADER, type GeneratedFiles } from './generatedFiles';
import type { LoadedDefinition } from './loadDefinitions';

/**
 * `translations/<id>@<version>.<language>.ts` (one published translation, as data) and
 * `translations.ts`, their loaders by version and language: a browser downloads the texts of the
 * language a patient chose, with their band, never every language at once (issue 46).
 */
export function translationFiles(loaded: readonly LoadedDefinition[]): GeneratedFiles {
  const files: GeneratedFiles = new Map();
  const loaders: string[] = [];
  const reviewed: string[] = [];
  for (const { definition, translations } of loaded) {
    if (translations.length === 0) continue;
    const ref = definitionRef(definition);
    const byLanguage = translations.map((t) => {
      const name = `${ref}.${t.language}`;
      files.set(
        `translations/${name}.ts`,
        `// ${HEADER}
import type { Translation } from '@bilan/engine';

export const translation: Translation = ${JSON.stringify(t, null, 2)};
`,
      );
      return `${t.language}: () => import('./translations/${name}').then((m) => m.translation)`;
    });
    loaders.push(`  ${JSON.stringify(ref)}: { ${byLanguage.join(', ')} },`);
    reviewed.push(
      `  ${JSON.stringify(ref)}: { ${translations.map((t) => `${t.language}: ${t.reviewed}`).join(', ')} },`,
    );
  }
  files.set(
    'translations.ts',
    `// ${HEADER}
// The published translations of each version (D41), by \`<id>@<version>\` and language, each loaded alone.
import type { TranslatedLanguage, Translation } from '@bilan/engine';

export const translationLoaders: Readonly<
  Record<string, Partial<Record<TranslatedLanguage, () => Promise<Translation>>>>
> = {
${loaders.join('\n')}
};

/**
 * Whether a native, medically literate reviewer read each translation: the language menu marks
 * the others « traduction en cours de relecture » without downloading them.
 */
export const translationReviewed: Readonly<Record<string, Partial<Record<TranslatedLanguage, boolean>>>> = {
${reviewed.join('\n')}
};
`,
  );
  return files;
}

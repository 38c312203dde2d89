import { definitionRef } from '@bilan/engine';
import { HEADER, type GeneratedFiles } from './generatedFiles';
import type { LoadedDefinition } from './loadDefinitions';
import { translationPages } from './translationPages';

/**
 * `translations/<id>@<version>.<language>/<page route>.ts` (one page's words in a published
 * translation, as data: translationPages) and `translations.ts`, by version and language, whether
 * the translation was reviewed and each page's loader: a browser downloads the words of the page
 * it shows in the language the patient chose, never every page's nor every language's at once
 * (issues 43 and 46).
 */
export function translationFiles(loaded: readonly LoadedDefinition[]): GeneratedFiles {
  const files: GeneratedFiles = new Map();
  const entries: string[] = [];
  for (const { definition, translations } of loaded) {
    if (translations.length === 0) continue;
    const ref = definitionRef(definition);
    const byLanguage = translations.map((translation) => {
      const folder = `translations/${ref}.${translation.language}`;
      const pages = [...translationPages(definition, translation)].map(([route, texts]) => {
        files.set(
          `${folder}/${route}.ts`,
          `// ${HEADER}
// ${ref} in ${translation.language}: the words of its page « ${route} », with the version's title and band.
export const texts: Readonly<Record<string, string>> = ${JSON.stringify(texts, null, 2)};
`,
        );
        return `${JSON.stringify(route)}: () => import('./${folder}/${route}').then((m) => m.texts)`;
      });
      return `    ${translation.language}: {\n      reviewed: ${translation.reviewed},\n      pages: {\n${pages.map((p) => `        ${p},`).join('\n')}\n      },\n    },`;
    });
    entries.push(`  ${JSON.stringify(ref)}: {\n${byLanguage.join('\n')}\n  },`);
  }
  files.set(
    'translations.ts',
    `// ${HEADER}
// The published translations of each version (D41), by \`<id>@<version>\` and language: each page's words loaded alone.
import type { TranslatedLanguage } from '@bilan/engine';

export interface PublishedTranslation {
  /**
   * Whether a native, medically literate reviewer read it: the language menu marks the others
   * « traduction en cours de relecture » without downloading them.
   */
  readonly reviewed: boolean;
  /** By page route: the page's texts (French → the language), with the version's title and band. */
  readonly pages: Readonly<Record<string, () => Promise<Readonly<Record<string, string>>>>>;
}

export const translations: Readonly<Record<string, Partial<Record<TranslatedLanguage, PublishedTranslation>>>> = {
${entries.join('\n')}
};
`,
  );
  return files;
}

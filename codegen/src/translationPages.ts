import { translatableTexts, type Definition, type Translation } from '@bilan/engine';

/**
 * A translation cut by page (issue 43): for each page, by its route, the translated texts that
 * page shows, with the version's title and band, which every page's screen may show. A patient's
 * first question downloads its own page's words, not every page's; the review, every page's.
 * A text the version holds on no page (none is published) is in no part.
 */
export function translationPages(
  definition: Definition,
  translation: Translation,
): Map<string, Record<string, string>> {
  const shared: string[] = [];
  const byPage = definition.pages.map((): string[] => []);
  for (const { path, text } of translatableTexts(definition)) {
    const page = /^\/pages\/(\d+)\//.exec(path)?.[1];
    if (page === undefined) shared.push(text);
    else byPage[Number(page)]?.push(text);
  }
  return new Map(
    definition.pages.map((page, p) => {
      const texts: Record<string, string> = {};
      for (const text of [...shared, ...(byPage[p] ?? [])]) {
        const translated = translation.texts[text];
        if (translated !== undefined) texts[text] = translated;
      }
      return [page.route, texts];
    }),
  );
}

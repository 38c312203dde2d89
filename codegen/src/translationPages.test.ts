// A translation cut by page (issue 43): each page's part holds every word its page shows, so a
// page read with its part alone reads exactly as with the whole translation, in every published
// version and language.
import { describe, expect, it } from 'vitest';
import { definitionRef, localizeDefinition, translatableTexts } from '@bilan/engine';
import { repoRoot } from './definitionsRoot';
import { join } from 'node:path';
import { loadDefinitions } from './loadDefinitions';
import { translationPages } from './translationPages';

const translated = loadDefinitions(join(repoRoot, 'definitions'), repoRoot)
  .definitions.filter((l) => l.published)
  .flatMap(({ definition, translations }) =>
    translations.map((translation) => ({
      name: `${definitionRef(definition)}.${translation.language}`,
      definition,
      translation,
    })),
  );

describe('translationPages', () => {
  it('has published translations to cut', () => {
    expect(translated.length).toBeGreaterThan(0);
  });

  it.each(translated)(
    '$name: each page reads with its own part as with the whole translation',
    ({ definition, translation }) => {
      const whole = localizeDefinition(definition, translation);
      const parts = translationPages(definition, translation);
      expect([...parts.keys()]).toEqual(definition.pages.map((p) => p.route));
      definition.pages.forEach((page, p) => {
        const alone = localizeDefinition(definition, { ...translation, texts: parts.get(page.route) ?? {} });
        expect(alone.pages[p]).toEqual(whole.pages[p]);
        expect([alone.title, alone.band]).toEqual([whole.title, whole.band]);
      });
    },
  );

  it.each(translated)(
    '$name: a part holds its page’s words and the version’s title and band, no other page’s',
    ({ definition, translation }) => {
      const parts = translationPages(definition, translation);
      const [first, second] = definition.pages;
      const words = parts.get(first?.route ?? '') ?? {};
      expect(words[definition.title]).toBe(translation.texts[definition.title]);
      expect(words[definition.band.label]).toBe(translation.texts[definition.band.label]);
      const onFirst = new Set(
        translatableTexts(definition)
          .filter((t) => t.path.startsWith('/pages/0/') || !t.path.startsWith('/pages/'))
          .map((t) => t.text),
      );
      const secondOnly = translatableTexts(definition).filter(
        (t) => t.path.startsWith('/pages/1/') && !onFirst.has(t.text),
      );
      expect(second && secondOnly.length).toBeGreaterThan(0);
      for (const { text } of secondOnly) expect(words).not.toHaveProperty([text]);
    },
  );
});

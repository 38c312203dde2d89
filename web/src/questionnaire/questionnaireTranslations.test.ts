// A version's words in the patient's language, page by page (issue 43): a page waits for its own
// page's words only, the review for every page's.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { definitionRef } from '@bilan/engine';
import { registry } from '../test/registry';

/** The pages whose words were asked for, `<ref>.<language>/<route>`, in order. */
const asked = vi.hoisted((): string[] => []);

// The generated loaders as they are, each call written down.
vi.mock('@bilan/generated/translations', async (importOriginal) => {
  const { translations } = await importOriginal<typeof import('@bilan/generated/translations')>();
  const recorded = Object.fromEntries(
    Object.entries(translations).map(([ref, byLanguage]) => [
      ref,
      Object.fromEntries(
        Object.entries(byLanguage).map(([language, published]) => [
          language,
          {
            ...published,
            pages: Object.fromEntries(
              Object.entries(published.pages).map(([route, load]) => [
                route,
                () => {
                  asked.push(`${ref}.${language}/${route}`);
                  return load();
                },
              ]),
            ),
          },
        ]),
      ),
    ]),
  );
  return { translations: recorded };
});

// The largest band whose newest version is published in Arabic.
const definition = registry.latest('70to75');
const ref = definitionRef(definition);
const [first, second] = definition.pages;

/** The module afresh: no page's words downloaded yet. */
async function fresh() {
  vi.resetModules();
  return (await import('./questionnaireTranslations')).questionnaireTranslations;
}

beforeEach(() => {
  asked.length = 0;
});

describe('questionnaireTranslations, page by page', () => {
  it('reads a page in Arabic once its own words are here, and downloads no other page’s for it', async () => {
    const translations = await fresh();
    expect(translations.localized(definition, 'ar', second?.route)).toBeUndefined();
    await translations.load(ref, 'ar', second?.route);
    expect(asked).toEqual([`${ref}.ar/${second?.route}`]);
    const shown = translations.localized(definition, 'ar', second?.route);
    expect(shown?.language).toBe('ar');
    const page = shown?.pages.find((p) => p.route === second?.route);
    expect(page?.title).toMatch(/\p{Script=Arabic}/u);
    expect(shown?.title).toMatch(/\p{Script=Arabic}/u);
  });

  it('makes the review wait for every page’s words, then reads every page in Arabic', async () => {
    const translations = await fresh();
    await translations.load(ref, 'ar', first?.route);
    expect(translations.localized(definition, 'ar')).toBeUndefined();
    await translations.load(ref, 'ar');
    expect(asked.toSorted()).toEqual(definition.pages.map((p) => `${ref}.ar/${p.route}`).toSorted());
    const all = translations.localized(definition, 'ar');
    expect(all?.pages.map((p) => p.title).filter((title) => !/\p{Script=Arabic}/u.test(title))).toEqual([]);
  });

  it('gives French as it is, with nothing to download', async () => {
    const translations = await fresh();
    expect(translations.localized(definition, 'fr', first?.route)).toBe(definition);
    expect(await translations.load(ref, 'fr')).toBe(true);
    expect(asked).toEqual([]);
  });
});

import { definitionRef, localizeDefinition, type Definition, type Language } from '@bilan/engine';
import { translations } from '@bilan/generated/translations';
import { unitLabel } from '../i18n/unitLabel';

type Texts = Readonly<Record<string, string>>;

/** The pages' words downloaded so far, by `<ref>.<language>` then page route. */
const loaded = new Map<string, Map<string, Texts>>();
/** The version as read in a language, with how many pages' words it was made from. */
const localized = new WeakMap<Definition, Map<Language, { pages: number; definition: Definition }>>();
const keyOf = (ref: string, language: Language) => `${ref}.${language}`;

/**
 * A translation gives a version's texts, not its units: the units as the patient's language
 * writes them (« ans » → « years »), so that the question, the review's answer and a refusal
 * all read the same unit.
 */
function withUnitsRead(definition: Definition): Definition {
  return {
    ...definition,
    pages: definition.pages.map((page) => ({
      ...page,
      items: page.items.map((item) =>
        item.kind === 'number' && item.unit ? { ...item, unit: unitLabel(item.unit) } : item,
      ),
    })),
  };
}

/** The routes whose words a screen needs: its page's, or every page's (the review; an unknown route). */
function routesFor(pages: Readonly<Record<string, unknown>>, route: string | undefined): string[] {
  return route !== undefined && route in pages ? [route] : Object.keys(pages);
}

/**
 * The published translations of a questionnaire's version (D41, issue 46), downloaded page by
 * page (issue 43): in the language the patient chose, for the version of their form, the words
 * of the page on screen first.
 */
export const questionnaireTranslations = {
  /** French, then each language this version was published with. */
  languagesOf(ref: string): Language[] {
    return ['fr', ...(Object.keys(translations[ref] ?? {}) as Language[])];
  },
  /** Whether a reviewer read this version's words in the language (French binds, it needs none). */
  reviewed(ref: string, language: Language): boolean {
    return language === 'fr' || translations[ref]?.[language]?.reviewed === true;
  },
  /**
   * Downloads the version's words in the language for one page (its route), or for every page
   * without one; false when the version has none in the language.
   */
  async load(ref: string, language: Language, route?: string): Promise<boolean> {
    if (language === 'fr') return true;
    const published = translations[ref]?.[language];
    if (!published) return false;
    const pages = loaded.get(keyOf(ref, language)) ?? new Map<string, Texts>();
    loaded.set(keyOf(ref, language), pages);
    await Promise.all(
      routesFor(published.pages, route)
        .filter((r) => !pages.has(r))
        .map(async (r) => {
          const texts = await published.pages[r]?.();
          if (texts) pages.set(r, texts);
        }),
    );
    return true;
  },
  /**
   * The version as the patient reads it: in their language once the words of the page on screen
   * (`route`; every page's without one) are here, undefined until then (the screen waits rather
   * than mixing two languages), French when it has none. The pages whose words are not here yet
   * stay French until they come; no screen shows them.
   */
  localized(definition: Definition, language: Language, route?: string): Definition | undefined {
    if (language === 'fr') return definition;
    const ref = definitionRef(definition);
    const published = translations[ref]?.[language];
    if (!published) return definition;
    const pages = loaded.get(keyOf(ref, language));
    if (!pages || routesFor(published.pages, route).some((r) => !pages.has(r))) return undefined;
    const byLanguage = localized.get(definition) ?? new Map<Language, { pages: number; definition: Definition }>();
    localized.set(definition, byLanguage);
    const found = byLanguage.get(language);
    if (found?.pages === pages.size) return found.definition;
    const texts = Object.assign({}, ...pages.values()) as Record<string, string>;
    const translation = { language, reviewed: published.reviewed, texts };
    const made = withUnitsRead(localizeDefinition(definition, translation));
    byLanguage.set(language, { pages: pages.size, definition: made });
    return made;
  },
};

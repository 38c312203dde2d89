import { definitionRef, localizeDefinition, type Definition, type Language, type Translation } from '@bilan/engine';
import { translationLoaders, translationReviewed } from '@bilan/generated/translations';
import { unitLabel } from '../i18n/unitLabel';

const loaded = new Map<string, Translation>();
const localized = new WeakMap<Definition, Map<Language, Definition>>();
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

/**
 * The published translations of a questionnaire's version (D41, issue 46), downloaded one at a
 * time: the language the patient chose, for the version of their form.
 */
export const questionnaireTranslations = {
  /** French, then each language this version was published with. */
  languagesOf(ref: string): Language[] {
    return ['fr', ...(Object.keys(translationLoaders[ref] ?? {}) as Language[])];
  },
  /** Whether a reviewer read this version's words in the language (French binds, it needs none). */
  reviewed(ref: string, language: Language): boolean {
    return language === 'fr' || translationReviewed[ref]?.[language] === true;
  },
  /** Downloads the version's words in the language; false when the version has none. */
  async load(ref: string, language: Language): Promise<boolean> {
    if (language === 'fr' || loaded.has(keyOf(ref, language))) return true;
    const loader = translationLoaders[ref]?.[language];
    if (!loader) return false;
    loaded.set(keyOf(ref, language), await loader());
    return true;
  },
  /**
   * The version as the patient reads it: in their language once its words are here, undefined
   * until then (the screen waits rather than mixing two languages), French when it has none.
   */
  localized(definition: Definition, language: Language): Definition | undefined {
    const ref = definitionRef(definition);
    if (language === 'fr' || !translationLoaders[ref]?.[language]) return definition;
    const translation = loaded.get(keyOf(ref, language));
    if (!translation) return undefined;
    const byLanguage = localized.get(definition) ?? new Map<Language, Definition>();
    localized.set(definition, byLanguage);
    const found = byLanguage.get(language) ?? withUnitsRead(localizeDefinition(definition, translation));
    byLanguage.set(language, found);
    return found;
  },
};

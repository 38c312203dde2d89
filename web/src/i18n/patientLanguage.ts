import { directionOf, type Language, type TranslatedLanguage } from '@bilan/engine';

/** The web app's words in a language: each French text as written in the code → its words there. */
export type WebTexts = Readonly<Record<string, string>>;

// Each language's words are a chunk of their own: a patient reading French downloads none of them
// (issue 46: a language's texts load when it is chosen, not all languages at once).
const loaders: Readonly<Record<TranslatedLanguage, () => Promise<WebTexts>>> = {
  en: () => import('./texts/en.json').then((m) => m.texts),
  ar: () => import('./texts/ar.json').then((m) => m.texts),
};

let current: { language: Language; texts: WebTexts } = { language: 'fr', texts: {} };
const listeners = new Set<() => void>();

function apply(language: Language, texts: WebTexts): void {
  current = { language, texts };
  // The whole page says which language it is in and which way it reads: screen readers pick
  // their voice from `lang`, and the browser lays out right to left from `dir` (Arabic).
  if (typeof document !== 'undefined') {
    document.documentElement.lang = language;
    document.documentElement.dir = directionOf(language);
  }
  for (const listener of listeners) listener();
}

/**
 * The language of the patient's screens (D41, issue 46), in memory only like the rest of the
 * flow: chosen on the registration page or on a questionnaire page, kept with the form on the
 * server, back to French when a new person starts. The staff's pages never read it.
 */
export const patientLanguage = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get(): Language {
    return current.language;
  },
  /** The words of the current language (empty for French: the code's own words are French). */
  texts(): WebTexts {
    return current.texts;
  },
  /** Loads the language's words, then switches every patient screen to it at once. */
  async choose(language: Language): Promise<void> {
    if (language === current.language) return;
    const texts = language === 'fr' ? {} : await loaders[language]();
    apply(language, texts);
  },
  /** Back to French (a new person, the staff's pages). */
  reset(): void {
    if (current.language !== 'fr') apply('fr', {});
  },
};

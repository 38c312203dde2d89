import { directionOf, type Language, type TranslatedLanguage } from '@bilan/engine';

/** The web app's words in a language: each French text as written in the code → its words there. */
export type WebTexts = Readonly<Record<string, string>>;

/**
 * A language's words in two parts (issue 43 §1): `page`, those of the screens up to and on a
 * questionnaire page (texts/<language>.page.json), and `rest`, every other screen's
 * (texts/<language>.rest.json). lint/webTexts.test.ts says which text goes in which, from the files
 * those screens import. Each part is a chunk of its own: a patient reading French downloads none.
 */
type Part = 'page' | 'rest';
const loaders: Readonly<Record<TranslatedLanguage, Readonly<Record<Part, () => Promise<WebTexts>>>>> = {
  en: {
    page: () => import('./texts/en.page.json').then((m) => m.texts),
    rest: () => import('./texts/en.rest.json').then((m) => m.texts),
  },
  ar: {
    page: () => import('./texts/ar.page.json').then((m) => m.texts),
    rest: () => import('./texts/ar.rest.json').then((m) => m.texts),
  },
};

/** The parts asked for, by `<language>.<part>`: asked once, asked again after a failure. */
const downloads = new Map<string, Promise<WebTexts>>();
function download(language: TranslatedLanguage, part: Part): Promise<WebTexts> {
  const key = `${language}.${part}`;
  let request = downloads.get(key);
  if (!request) {
    request = loaders[language][part]();
    request.catch(() => downloads.delete(key));
    downloads.set(key, request);
  }
  return request;
}

let current: { language: Language; texts: WebTexts; whole: boolean } = { language: 'fr', texts: {}, whole: true };
const listeners = new Set<() => void>();
/** How many screens on display need every word of the language (useAllWords). */
let wholeNeeded = 0;

function apply(language: Language, texts: WebTexts, whole: boolean): void {
  current = { language, texts, whole };
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
  /** Whether every word of the current language is here (always in French). */
  whole(): boolean {
    return current.whole;
  },
  /**
   * Loads the language's words, then switches every patient screen to it at once: a questionnaire
   * page's words alone (the rest follows with `completeWords` once the page shows), or every word
   * while a screen that needs them is on display (the registration page, the review…).
   */
  async choose(language: Language): Promise<void> {
    if (language === current.language && (current.whole || wholeNeeded === 0)) return;
    if (language === 'fr') return apply('fr', {}, true);
    const whole = wholeNeeded > 0;
    const [page, rest] = await Promise.all([download(language, 'page'), whole && download(language, 'rest')]);
    apply(language, { ...page, ...rest }, whole);
  },
  /** Downloads the rest of the current language's words, and gives them to the screens. */
  async completeWords(): Promise<void> {
    const { language } = current;
    if (current.whole || language === 'fr') return;
    const rest = await download(language, 'rest');
    if (current.language === language && !current.whole) apply(language, { ...current.texts, ...rest }, true);
  },
  /** A screen on display needs every word (useAllWords); the returned function says it left. */
  needWhole(): () => void {
    wholeNeeded += 1;
    return () => {
      wholeNeeded -= 1;
    };
  },
  /** Back to French (a new person, the staff's pages). */
  reset(): void {
    if (current.language !== 'fr') apply('fr', {}, true);
  },
};

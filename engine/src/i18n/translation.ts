// A version's texts in another language (D41, issue 46): French is the reference and binds; a
// translation maps each French text the patient reads to its words in the language.

/** The languages a patient may choose besides French. */
export const TRANSLATED_LANGUAGES = ['en', 'ar'] as const;
export type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number];
export type Language = 'fr' | TranslatedLanguage;

/** Which way a language reads: Arabic right to left (the page's `dir`, an e-mail's). */
export function directionOf(language: Language): 'ltr' | 'rtl' {
  return language === 'ar' ? 'rtl' : 'ltr';
}

/** A translated language as a French sentence names it (« Questionnaire rempli en anglais »). */
export const LANGUAGE_NAMES: Readonly<Record<TranslatedLanguage, string>> = { en: 'anglais', ar: 'arabe' };

/** `bilan-<band>/<version>.<language>.json`, as read. */
export interface Translation {
  language: TranslatedLanguage;
  /** Read by a native, medically literate reviewer: until then the language menu says so in production. */
  reviewed: boolean;
  /** Who reviewed it, and when. */
  reviewer?: string;
  /** French text, as written in the version (or its vocabulary) → the same text in the language. */
  texts: Record<string, string>;
}

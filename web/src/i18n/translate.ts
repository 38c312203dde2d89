import { patientLanguage } from './patientLanguage';

/** Values put in a text's `{name}` places. */
export type TextValues = Readonly<Record<string, string | number>>;

/**
 * A French text of the patient's screens in the patient's language (issue 46), with its `{name}`
 * places filled. The French is written in the code, as people read it, and is the key of the
 * language files (web/src/i18n/texts/*.json), as a definition's French is the key of its
 * translations: a test reads every `t('…')` of the code and requires each language to give it.
 * A text a language lacks stays French rather than blank. Always call it with a literal text.
 */
export function t(french: string, values?: TextValues): string {
  const text = patientLanguage.texts()[french] ?? french;
  if (!values) return text;
  return text.replace(/\{(\w+)\}/g, (place, name: string) => (name in values ? String(values[name]) : place));
}

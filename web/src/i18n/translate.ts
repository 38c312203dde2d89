import { frenchText, type SayValues } from '@bilan/engine';
import { patientLanguage } from './patientLanguage';

/**
 * A French text of the patient's screens in the patient's language (issue 46), with its `{name}`
 * places filled. The French is written in the code, as people read it, and is the key of the
 * language files (web/src/i18n/texts/*.json), as a definition's French is the key of its
 * translations: a check (lint/webTexts.test.ts) reads every `t('…')` of the code and requires
 * each language to give it. A text a language lacks stays French rather than blank. Always call
 * it with a literal text.
 */
export function t(french: string, values?: SayValues): string {
  return frenchText(patientLanguage.texts()[french] ?? french, values);
}

import { frenchText, type SayValues } from '@bilan/engine';
import { useEffect, useSyncExternalStore } from 'react';
import { patientLanguage } from './patientLanguage';
import { useLanguage } from './useLanguage';

/**
 * A French text of the patient's screens in the patient's language (issue 46), with its `{name}`
 * places filled. The French is written in the code, as people read it, and is the key of the
 * language files (web/src/i18n/texts/<language>.{page,rest}.json), as a definition's French is the key of its
 * translations: a check (lint/webTexts.test.ts) reads every `t('…')` of the code and requires
 * each language to give it. A text a language lacks stays French rather than blank. Always call
 * it with a literal text.
 */
export function t(french: string, values?: SayValues): string {
  return frenchText(patientLanguage.texts()[french] ?? french, values);
}

/**
 * For a screen other than a questionnaire page (router.tsx, allWordsFirst; here beside t() so the
 * registration page downloads no chunk more for it): whether every word of the patient's
 * language is here, so it draws in that language only then and no French word shows where a
 * translation exists (issue 43: a questionnaire page's words come first, the rest once it shows).
 * While it is on display, a language chosen downloads every word before the switch.
 */
export function useAllWords(): boolean {
  useLanguage();
  const whole = useSyncExternalStore(patientLanguage.subscribe, patientLanguage.whole, () => true);
  useEffect(() => patientLanguage.needWhole(), []);
  useEffect(() => {
    // Without them (the network failed) the screen is shown in French, the reference, rather
    // than not at all.
    if (!whole)
      patientLanguage.completeWords().catch((error: unknown) => {
        console.error(error);
        patientLanguage.reset();
      });
  }, [whole]);
  return whole;
}

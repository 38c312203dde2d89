import { useState } from 'react';
import { directionOf, type Language } from '@bilan/engine';
import { patientLanguage } from '../i18n/patientLanguage';
import { t } from '../i18n/translate';
import { useLanguage } from '../i18n/useLanguage';
import { keepLanguageWithForm } from './keepLanguageWithForm';
import { patientSession } from './session';

/** Each language named in its own words: a person finds the one they read without reading French. */
const NAMES: Readonly<Record<Language, string>> = { fr: 'Français', en: 'English', ar: 'العربية' };
/** « traduction en cours de relecture », in the words of the language it marks. */
const UNDER_REVIEW: Readonly<Record<Language, string>> = {
  fr: '',
  en: 'translation being reviewed',
  ar: 'الترجمة قيد المراجعة',
};
/** The web app's own words have not been read by a native reviewer yet either (issue 46). */
const WEB_TEXTS_REVIEWED = false;
const ALL: readonly Language[] = ['fr', 'en', 'ar'];

/** The languages of a form's version, as a questionnaire's screens give them (QuestionnaireLanguageMenu). */
interface VersionLanguages {
  /** French, then each language the version was published with. */
  offered: readonly Language[];
  /** Whether a native, medically literate reviewer read the version's words in the language. */
  reviewed(language: Language): boolean;
  /** Downloads the version's words in the language. */
  load(language: Language): Promise<unknown>;
}

/**
 * The language menu of the patient's screens (D41, issue 46): on the registration page every
 * language the questionnaires are published in, on a questionnaire page those of the form's
 * version (`version`). The choice downloads the language's words, switches the screen at once,
 * and is kept with the form on the server. A translation no native, medically literate reviewer
 * has read yet says so beside its name.
 */
export function LanguageMenu({ version }: { version?: VersionLanguages }) {
  const language = useLanguage();
  const [busy, setBusy] = useState(false);
  const offered = version ? version.offered : ALL;
  if (offered.length < 2) return null;

  const choose = async (next: Language) => {
    if (busy || next === language) return;
    setBusy(true);
    try {
      if (version) await version.load(next);
      await patientLanguage.choose(next);
      const token = patientSession.token();
      if (token && version) await keepLanguageWithForm(token, next);
    } catch (error) {
      console.error(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <nav className="language-menu" aria-label={t('Langue')}>
      <ul>
        {offered.map((l) => {
          const reviewed = l === 'fr' || (WEB_TEXTS_REVIEWED && (!version || version.reviewed(l)));
          return (
            <li key={l}>
              <button
                type="button"
                className="btn btn-secondary language-choice"
                lang={l}
                dir={directionOf(l)}
                aria-pressed={l === language}
                disabled={busy}
                onClick={() => void choose(l)}
              >
                {NAMES[l]}
                {!reviewed && <span className="language-review"> ({UNDER_REVIEW[l]})</span>}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

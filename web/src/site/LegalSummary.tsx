import { useSearchParams } from 'react-router-dom';
import { directionOf, TRANSLATED_LANGUAGES, type TranslatedLanguage } from '@bilan/engine';
import { LEGAL_SUMMARY } from './legalSummaryTexts';

const isTranslated = (value: string | null): value is TranslatedLanguage =>
  TRANSLATED_LANGUAGES.some((l) => l === value);

/**
 * Above the privacy policy, for a patient who reads English or Arabic (issue 46): its summary in
 * their language, saying that the French text below is the one that binds. The patient's screens
 * link here with `?langue=en` or `?langue=ar` (the policy opens in a new tab, which does not know
 * the language the questionnaire was read in).
 */
export function LegalSummary() {
  const [search] = useSearchParams();
  const language = search.get('langue');
  if (!isTranslated(language)) return null;
  const texts = LEGAL_SUMMARY[language];
  return (
    <section
      className="notice legal-summary"
      lang={language}
      dir={directionOf(language)}
      aria-labelledby="legal-summary-title"
    >
      <h2 id="legal-summary-title">{texts.title}</h2>
      <p>
        <strong>{texts.binding}</strong>
      </p>
      <ul>
        {texts.points.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ul>
    </section>
  );
}

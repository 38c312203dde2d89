import { questionnaireTranslations } from '../questionnaire/questionnaireTranslations';
import { LanguageMenu } from './LanguageMenu';

/**
 * The language menu of a questionnaire's screens: the languages of the form's version (`version`,
 * `<id>@<version>`), whose words it downloads when one is chosen. Apart from LanguageMenu, so the
 * registration page, which offers every language, downloads none of the versions' translations'
 * loaders.
 */
export function QuestionnaireLanguageMenu({ version }: { version: string }) {
  return (
    <LanguageMenu
      version={{
        offered: questionnaireTranslations.languagesOf(version),
        reviewed: (language) => questionnaireTranslations.reviewed(version, language),
        load: (language) => questionnaireTranslations.load(version, language),
      }}
    />
  );
}

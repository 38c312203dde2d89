// The questionnaire renderer for other packages (the definitions preview, `pnpm
// definitions:preview`): one page of any definition, with the site's widgets, templates, texts
// and styles. The site's own screens import the files directly.
export { QuestionnairePage, type QuestionnairePageProps } from './QuestionnairePage';

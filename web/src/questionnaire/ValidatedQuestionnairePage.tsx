import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { QuestionnairePage, type QuestionnairePageProps } from '../renderer/QuestionnairePage';
import { loadSections, sectionValidate, subscribeVersions } from './versions';

/**
 * A questionnaire page of a loaded version with its section's precompiled validator: the
 * version's validators are asked for once the page is on screen (an effect runs after the paint),
 * so they never hold back the first question; a submit made before they arrive waits for them.
 */
export function ValidatedQuestionnairePage(props: Omit<QuestionnairePageProps, 'validate' | 'validatorReady'>) {
  const { definition, page } = props;
  const read = () => sectionValidate(definition, page.section);
  const validate = useSyncExternalStore(subscribeVersions, read, read);
  useEffect(() => {
    loadSections(definition).catch((error: unknown) => console.error(error));
  }, [definition]);
  const validatorReady = useCallback(() => loadSections(definition), [definition]);
  return <QuestionnairePage {...props} validate={validate} validatorReady={validatorReady} />;
}

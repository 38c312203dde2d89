import { useEffect, useState } from 'react';
import { definitionRef, type BandCode, type Definition } from '@bilan/engine';
import { patientLanguage } from '../i18n/patientLanguage';
import { useLanguage } from '../i18n/useLanguage';
import { questionnaireTranslations } from '../questionnaire/questionnaireTranslations';
import { useDefinition } from '../questionnaire/useDefinition';
import { QUESTIONNAIRE_LOAD_FAILED } from './flowMessages';
import { useFlowState } from './flowStore';
import { patientSession } from './session';

export type PatientFormState =
  | { status: 'loading' }
  | { status: 'ready'; definition: Definition; band: BandCode }
  | { status: 'locked' }
  | { status: 'gone' }
  | { status: 'error'; message: string; retry: () => void };

/**
 * The real flow behind a questionnaire or review screen: the one in memory when it belongs to
 * this tab's token. With a token and nothing in memory (a reload), 'locked': the screen asks the
 * day and month of birth before the server gives the form back (D31, PausedForm).
 * 'gone' sends the screen back to the start: there is no live session, so no answer can be shown.
 * `route`: the questionnaire page on screen, whose words in the patient's language are all it
 * waits for; the review, without one, waits for every page's.
 */
export function usePatientForm(route?: string): PatientFormState {
  const flow = useFlowState();
  const token = patientSession.token();
  const inMemory = flow.flow === 'real' && token !== null && flow.patient?.token === token;
  // The questionnaire's own chunk (its definition and validators), once the flow is known.
  const wanted = useDefinition(inMemory ? flow.band : null, flow.patient?.definition);
  // In the patient's language (issue 46): its words are downloaded with the form's version.
  const language = useLanguage();
  const [, setDownloads] = useState(0);
  const ready = wanted.status === 'ready' ? wanted.definition : null;
  const shown = ready && questionnaireTranslations.localized(ready, language, route);
  useEffect(() => {
    if (ready && !shown)
      questionnaireTranslations
        .load(definitionRef(ready), language, route)
        .catch((error: unknown) => {
          // Without its words (the network failed) the questionnaire is shown in French, the
          // reference, rather than not at all.
          console.error(error);
          patientLanguage.reset();
        })
        .finally(() => setDownloads((n) => n + 1));
  }, [ready, shown, language, route]);
  // Once the page shows, the other pages' words (issue 43): the first question waited for its
  // own only, and « Suivant » then finds the next page's here.
  const showing = Boolean(shown);
  useEffect(() => {
    if (!ready || !showing || questionnaireTranslations.localized(ready, language)) return;
    questionnaireTranslations
      .load(definitionRef(ready), language)
      .catch((error: unknown) => console.error(error))
      .finally(() => setDownloads((n) => n + 1));
  }, [ready, showing, language]);
  // And the rest of the web app's words (the review's, the thank-you page's…): the first question
  // waited for a questionnaire page's only (i18n/patientLanguage.ts).
  useEffect(() => {
    if (showing) patientLanguage.completeWords().catch((error: unknown) => console.error(error));
  }, [showing, language]);
  if (!token) return { status: 'gone' };
  if (!inMemory || !flow.band) return { status: 'locked' };
  if (shown) return { status: 'ready', definition: shown, band: flow.band };
  if (wanted.status === 'error') return { status: 'error', message: QUESTIONNAIRE_LOAD_FAILED(), retry: wanted.retry };
  return { status: 'loading' };
}

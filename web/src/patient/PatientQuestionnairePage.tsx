import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import {
  nextPage,
  pageByRoute,
  previousPage,
  type Definition,
  type ResolvedPage,
  type SectionAnswers,
} from '@bilan/engine';
import { ApiError } from '../api/client';
import { patientApi } from '../api/patientApi';
import { notifications } from '../notifications/notificationStore';
import { sectionValidate } from '../questionnaire/versions';
import { QuestionnairePage } from '../renderer/QuestionnairePage';
import { ActionError } from '../ui/ActionError';
import { bandOfPart } from './bandOfPart';
import { endPatientSession } from './endPatientSession';
import { EraseAnswers } from './EraseAnswers';
import { FORM_SUBMITTED, SAVE_FAILED, SAVE_NETWORK, SESSION_EXPIRED } from './flowMessages';
import { flowStore, shownAnswers, useFlowState } from './flowStore';
import { FlowProblem, FlowWaiting } from './FlowScreens';
import { isFormFinished } from './resumeForm';
import { ResumedBanner } from './ResumedBanner';
import { PausedForm, SessionGate } from './SessionGate';
import { patientSession } from './session';
import { usePatientForm } from './usePatientForm';
import './patient.css';

/** The honest reload notice of the real flow: each "Suivant" saves on the server (D13). */
const REAL_RELOAD_NOTICE =
  'Vos réponses sont enregistrées à chaque «\u00a0Suivant\u00a0». Si la page est rechargée, elles sont conservées\u00a0; seules celles de la page en cours, pas encore validée, seraient perdues.';

/** /{pharmacyName}/parts{band}/{step}: one page of the real flow, saved on the server at each step (D13). */
export function PatientQuestionnairePage() {
  const { pharmacyName = '', part, step = '' } = useParams();
  const band = bandOfPart(part);
  const form = usePatientForm();
  const start = `/${encodeURIComponent(pharmacyName)}/userform`;
  if (!band) return <FlowProblem backTo={start} />;
  if (form.status === 'loading') return <FlowWaiting text="Chargement de vos réponses…" />;
  // No live session (after the thank-you page, Back, another person): the start screen.
  if (form.status === 'gone') return <Navigate to={start} replace />;
  // A reload (D31): the day and month of birth before the server gives the form back.
  if (form.status === 'locked') return <PausedForm pharmacyName={pharmacyName} />;
  if (form.status === 'error')
    return <FlowProblem backTo={start} title="Erreur" text={form.message} onRetry={form.retry} />;
  if (form.band !== band) {
    return (
      <Navigate
        to={`/${encodeURIComponent(pharmacyName)}/parts${form.band}/${form.definition.pages[0]?.route ?? 'general'}`}
        replace
      />
    );
  }
  const page = pageByRoute(form.definition, step);
  if (!page) return <FlowProblem backTo={start} />;
  return (
    <SessionGate pharmacyName={pharmacyName}>
      <RealPage pharmacyName={pharmacyName} definition={form.definition} page={page} />
    </SessionGate>
  );
}

function RealPage({
  pharmacyName,
  definition,
  page,
}: {
  pharmacyName: string;
  definition: Definition;
  page: ResolvedPage;
}) {
  const navigate = useNavigate();
  const flow = useFlowState();
  const [search] = useSearchParams();
  const fromReview = search.get('from') === 'review';
  const base = `/${encodeURIComponent(pharmacyName)}/parts${definition.band.code}`;

  /** The token is refused: this browser forgets the form and shows the start screen with why. */
  const leave = async (message: string, kind: 'error' | 'info' = 'error') => {
    endPatientSession();
    if (kind === 'info') notifications.info(message);
    else notifications.error(message);
    await navigate(`/${encodeURIComponent(pharmacyName)}/userform`, { replace: true });
  };

  const onNext = async (sectionAnswers: SectionAnswers) => {
    const token = patientSession.token();
    if (!token) return leave(SESSION_EXPIRED);
    try {
      const saved = await patientApi.saveSection(token, page.section, sectionAnswers);
      flowStore.saveSection(page.section, saved.reponses);
    } catch (error) {
      if (isFormFinished(error)) return leave(FORM_SUBMITTED, 'info');
      if (error instanceof ApiError && error.status === 401) return leave(SESSION_EXPIRED);
      throw new ActionError(error instanceof ApiError && error.isNetwork ? SAVE_NETWORK : SAVE_FAILED, true);
    }
    const next = fromReview ? null : nextPage(definition, page.route, flowStore.get().answers);
    await navigate(next ? `${base}/${next.route}` : `${base}/summary`);
  };

  const previous = previousPage(definition, page.route, shownAnswers(flow));
  const onPrevious = previous
    ? (sectionAnswers: SectionAnswers) => {
        flowStore.setDraft(page.section, sectionAnswers);
        flowStore.clearResumed();
        void navigate(`${base}/${previous.route}`);
      }
    : undefined;

  return (
    <QuestionnairePage
      // A new page starts from its own saved answers or draft, not from the previous page's state.
      key={page.route}
      definition={definition}
      page={page}
      answers={shownAnswers(flow)}
      validate={sectionValidate(definition, page.section)}
      onNext={onNext}
      onPrevious={onPrevious}
      onChange={(sectionAnswers) => flowStore.setDraft(page.section, sectionAnswers)}
      nextLabel={fromReview ? 'Revenir à la vérification' : undefined}
      busyLabel="Envoi…"
      reloadNotice={REAL_RELOAD_NOTICE}
      aside={<EraseAnswers pharmacyName={pharmacyName} />}
      banner={
        flow.resumed ? <ResumedBanner definition={definition} page={page} savedSections={flow.savedSections} /> : null
      }
    />
  );
}

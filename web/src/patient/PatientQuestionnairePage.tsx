import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import {
  definitionRef,
  genderFromCivility,
  nextPage,
  pageByRoute,
  previousPage,
  type Answers,
  type Definition,
  type ResolvedPage,
  type SectionAnswers,
} from '@bilan/engine';
import { notifications } from '../notifications/notificationStore';
import { ValidatedQuestionnairePage } from '../questionnaire/ValidatedQuestionnairePage';
import { usePrefetchScreen } from '../routing/usePrefetchScreen';
import { bandOfPart } from './bandOfPart';
import { endPatientSession } from './endPatientSession';
import { EraseAnswers } from './EraseAnswers';
import { QuestionnaireLanguageMenu } from './QuestionnaireLanguageMenu';
import { SESSION_EXPIRED } from './flowMessages';
import { flowStore, shownAnswers, useFlowState, type FlowState } from './flowStore';
import { FlowProblem, FlowWaiting } from './FlowScreens';
import { ResumedBanner } from './ResumedBanner';
import { saveQueue } from './saveQueue';
import { SavingNote } from './SavingNote';
import { SlowSaveBanner } from './SlowSaveBanner';
import { useSavesEnded } from './useSavesEnded';
import { SessionGate } from './SessionGate';
import { ToPause } from './ToPause';
import { patientSession } from './session';
import { usePatientForm } from './usePatientForm';
import './patient.css';
import { t } from '../i18n/translate';
import { useLanguage } from '../i18n/useLanguage';

/** The honest reload notice of the real flow: each "Suivant" saves on the server (D13). */
const REAL_RELOAD_NOTICE = () =>
  t(
    'Vos réponses sont enregistrées à chaque «\u00a0Suivant\u00a0». Si la page est rechargée, elles sont conservées\u00a0; seules celles de la page en cours, pas encore validée, seraient perdues.',
  );

/** /{pharmacyName}/parts{band}/{step}: one page of the real flow, saved on the server at each step (D13). */
export function PatientQuestionnairePage() {
  const { pharmacyName = '', part, step = '' } = useParams();
  const band = bandOfPart(part);
  const form = usePatientForm(step);
  const start = `/${encodeURIComponent(pharmacyName)}/userform`;
  if (!band) return <FlowProblem backTo={start} />;
  if (form.status === 'loading') return <FlowWaiting text={t('Chargement de vos réponses…')} />;
  // No live session (after the thank-you page, Back, another person): the start screen.
  if (form.status === 'gone') return <Navigate to={start} replace />;
  // A reload (D31): the day and month of birth before the server gives the form back.
  if (form.status === 'locked') return <ToPause pharmacyName={pharmacyName} />;
  if (form.status === 'error')
    return <FlowProblem backTo={start} title={t('Erreur')} text={form.message} onRetry={form.retry} />;
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

/**
 * What a page shows, with the sex question answered from the registration's civility while its
 * page was never saved nor touched (issue 34: asked once; the patient can still change it).
 */
function withGenderFromCivility(definition: Definition, flow: FlowState): Answers {
  const shown = shownAnswers(flow);
  const civility = flow.patient?.civility;
  const gender = civility ? genderFromCivility(definition, civility) : null;
  if (!gender || gender.section in flow.answers || gender.section in flow.drafts) return shown;
  return { ...shown, [gender.section]: { [gender.field]: gender.value } };
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
  // Drawn again, in its words, when the patient changes language (issue 46).
  useLanguage();
  const [search] = useSearchParams();
  const fromReview = search.get('from') === 'review';
  const base = `/${encodeURIComponent(pharmacyName)}/parts${definition.band.code}`;

  /** The token is refused: this browser forgets the form and shows the start screen with why. */
  const leave = async (message: string) => {
    endPatientSession();
    notifications.error(message);
    await navigate(`/${encodeURIComponent(pharmacyName)}/userform`, { replace: true });
  };

  useSavesEnded(pharmacyName);
  // The review page's code, fetched while the person answers: the last « Suivant » downloads nothing.
  usePrefetchScreen(`${base}/summary`);

  // « Suivant » never waits for the network (issue 34): the page is kept in memory as saved, its
  // save goes to the ordered queue, and the next page shows at once.
  const onNext = async (sectionAnswers: SectionAnswers) => {
    const token = patientSession.token();
    if (!token) return leave(SESSION_EXPIRED());
    saveQueue.enqueue(token, page.section, sectionAnswers);
    const now = flowStore.get();
    const next = fromReview
      ? null
      : nextPage(definition, page.route, { ...shownAnswers(now), [page.section]: sectionAnswers });
    // The next page and the flow's copy in the same render: the page being left is not drawn
    // again, and the next one is not drawn twice before it shows.
    const shown = navigate(next ? `${base}/${next.route}` : `${base}/summary`);
    flowStore.saveSection(page.section, sectionAnswers);
    await shown;
  };

  const previous = previousPage(definition, page.route, shownAnswers(flow));
  const answers = withGenderFromCivility(definition, flow);
  const onPrevious = previous
    ? (sectionAnswers: SectionAnswers) => {
        flowStore.setDraft(page.section, sectionAnswers);
        flowStore.clearResumed();
        void navigate(`${base}/${previous.route}`);
      }
    : undefined;

  return (
    <ValidatedQuestionnairePage
      // A new page starts from its own saved answers or draft, not from the previous page's state.
      key={page.route}
      definition={definition}
      page={page}
      answers={answers}
      onNext={onNext}
      onPrevious={onPrevious}
      onChange={(sectionAnswers) => flowStore.setDraft(page.section, sectionAnswers)}
      nextLabel={fromReview ? t('Revenir à la vérification') : undefined}
      actionsNote={<SavingNote />}
      reloadNotice={REAL_RELOAD_NOTICE()}
      aside={<EraseAnswers pharmacyName={pharmacyName} />}
      banner={
        <>
          <QuestionnaireLanguageMenu version={definitionRef(definition)} />
          <SlowSaveBanner />
          {flow.resumed && <ResumedBanner definition={definition} page={page} savedSections={flow.savedSections} />}
        </>
      }
    />
  );
}

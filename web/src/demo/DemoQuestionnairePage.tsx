import { useEffect } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Link } from '../routing/Link';
import { nextPage, pageByRoute, previousPage, type SectionAnswers } from '@bilan/engine';
import { useDefinition } from '../questionnaire/useDefinition';
import { ValidatedQuestionnairePage } from '../questionnaire/ValidatedQuestionnairePage';
import { usePrefetchScreen } from '../routing/usePrefetchScreen';
import { bandOfPart } from '../patient/bandOfPart';
import { FlowProblem, FlowWaiting } from '../patient/FlowScreens';
import { QUESTIONNAIRE_LOAD_FAILED } from '../patient/flowMessages';
import { flowStore, shownAnswers, useFlowState } from '../patient/flowStore';
import '../patient/patient.css';

/** /formulaire/test/parts{band}/{step}: the demo pages, answers kept in memory only (D13). */
export function DemoQuestionnairePage() {
  const { part, step = '' } = useParams();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const flow = useFlowState();
  const band = bandOfPart(part);
  const mismatch = flow.flow !== 'demo' || flow.band !== band;
  const email = flow.demoEntry?.email ?? '';
  const wanted = useDefinition(band);
  // The review page's code, fetched while the person answers: the last « Suivant » downloads nothing.
  usePrefetchScreen(band ? '/formulaire/test/summary' : null);
  // Arriving here directly (a reload, a shared link): the demo starts again without an address.
  useEffect(() => {
    if (band && mismatch) flowStore.startDemo({ email, band });
  }, [band, mismatch, email]);
  if (!band) return <NotFound />;
  if (mismatch) return null;
  if (wanted.status === 'loading') return <FlowWaiting text="Chargement du questionnaire…" />;
  if (wanted.status === 'error')
    return <FlowProblem backTo="/form" title="Erreur" text={QUESTIONNAIRE_LOAD_FAILED()} onRetry={wanted.retry} />;
  const definition = wanted.definition;
  const page = pageByRoute(definition, step);
  if (!page) return <NotFound />;
  const answers = shownAnswers(flow);
  if (step !== definition.pages[0]?.route && Object.keys(answers).length === 0) {
    return <Navigate to={`/formulaire/test/parts${band}/${definition.pages[0]?.route ?? 'general'}`} replace />;
  }
  const base = `/formulaire/test/parts${band}`;

  const onNext = async (sectionAnswers: SectionAnswers) => {
    flowStore.saveSection(page.section, sectionAnswers);
    const next = search.get('from') === 'review' ? null : nextPage(definition, page.route, flowStore.get().answers);
    await navigate(next ? `${base}/${next.route}` : '/formulaire/test/summary');
  };
  const previous = previousPage(definition, page.route, answers);

  return (
    <ValidatedQuestionnairePage
      key={page.route}
      definition={definition}
      page={page}
      answers={answers}
      onNext={onNext}
      onPrevious={previous ? () => void navigate(`${base}/${previous.route}`) : undefined}
      onChange={(sectionAnswers) => flowStore.setDraft(page.section, sectionAnswers)}
      nextLabel={search.get('from') === 'review' ? 'Revenir à la vérification' : undefined}
    />
  );
}

function NotFound() {
  return (
    <main className="container patient-page">
      <h1>Page introuvable</h1>
      <p>Cette page du questionnaire de démonstration n’existe pas.</p>
      <p>
        <Link to="/form">Retour au formulaire</Link>
      </p>
    </main>
  );
}

import { useEffect } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { nextPage, pageByRoute, type SectionAnswers } from '@bilan/engine';
import { registry } from '../questionnaire/registry';
import { sectionValidate } from '../questionnaire/sectionValidate';
import { QuestionnairePage } from '../renderer/QuestionnairePage';
import { bandOfPart } from '../patient/bandOfPart';
import { flowStore, useFlowState } from '../patient/flowStore';
import { sendDemoEmail } from './sendDemoEmail';
import '../patient/patient.css';

/** /formulaire/test/parts{band}/{step}: the demo pages, answers kept in memory only (D13). */
export function DemoQuestionnairePage() {
  const { part, step = '' } = useParams();
  const navigate = useNavigate();
  const flow = useFlowState();
  const band = bandOfPart(part);
  const mismatch = flow.flow !== 'demo' || flow.band !== band;
  const email = flow.demoEntry?.email ?? '';
  // Arriving here directly (a reload, a shared link): the demo starts again without an address.
  useEffect(() => {
    if (band && mismatch) flowStore.startDemo({ email, band });
  }, [band, mismatch, email]);
  if (!band) return <NotFound />;
  if (mismatch) return null;
  const definition = registry.latest(band);
  const page = pageByRoute(definition, step);
  if (!page) return <NotFound />;
  if (step !== definition.pages[0]?.route && Object.keys(flowStore.get().answers).length === 0) {
    return <Navigate to={`/formulaire/test/parts${band}/${definition.pages[0]?.route ?? 'general'}`} replace />;
  }
  const validate = sectionValidate(definition, page.section);

  const onNext = async (sectionAnswers: SectionAnswers) => {
    flowStore.saveSection(page.section, sectionAnswers);
    const next = nextPage(definition, page.route, flowStore.get().answers);
    if (next) {
      navigate(`/formulaire/test/parts${band}/${next.route}`);
      return;
    }
    const { answers, demoEntry } = flowStore.get();
    navigate('/formulaire/test/thank-you');
    // In the background: its messages outlive this page (D9).
    void sendDemoEmail(answers, demoEntry ?? { email: '', band });
  };

  return <QuestionnairePage key={page.route} definition={definition} page={page} answers={flow.answers} validate={validate} onNext={onNext} />;
}

function NotFound() {
  return (
    <main className="container patient-page">
      <h1>Page introuvable</h1>
      <p>Cette page du questionnaire de démonstration n'existe pas.</p>
      <p>
        <Link to="/form">Retour au formulaire</Link>
      </p>
    </main>
  );
}

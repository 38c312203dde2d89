import { useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { FlowProblem, FlowWaiting } from '../patient/FlowScreens';
import { QUESTIONNAIRE_LOAD_FAILED } from '../patient/flowMessages';
import { flowStore, useFlowState } from '../patient/flowStore';
import { useDefinition } from '../questionnaire/useDefinition';
import { ReviewPage } from '../review/ReviewPage';
import { DemoAddress } from './DemoAddress';
import { demoSend } from './demoSend';

/** /formulaire/test/summary: the demo's review page; "Envoyer mes réponses" mails both PDFs (see demoSend). */
export function DemoReviewPage() {
  const navigate = useNavigate();
  const flow = useFlowState();
  useEffect(() => {
    void import('./DemoThankYouPage');
  }, []);
  const wanted = useDefinition(flow.flow === 'demo' ? flow.band : null);
  if (flow.flow !== 'demo' || !flow.band) return <Navigate to="/form" replace />;
  const band = flow.band;
  if (wanted.status === 'loading') return <FlowWaiting text="Chargement du questionnaire…" />;
  if (wanted.status === 'error')
    return <FlowProblem backTo="/form" title="Erreur" text={QUESTIONNAIRE_LOAD_FAILED()} onRetry={wanted.retry} />;
  const definition = wanted.definition;

  const onSend = async () => {
    const { answers, demoEntry } = flowStore.get();
    // Sent from the thank-you page, which says how it went and lets the address be corrected.
    demoSend.start(answers, demoEntry ?? { email: '', band });
    await navigate('/formulaire/test/thank-you', { replace: true });
  };

  return (
    <ReviewPage
      definition={definition}
      answers={flow.answers}
      drafts={flow.drafts}
      savedSections={flow.savedSections}
      pageHref={(route, fromReview) => `/formulaire/test/parts${band}/${route}${fromReview ? '?from=review' : ''}`}
      intro={
        <DemoAddress
          key={flow.demoEntry?.email ?? ''}
          id="demo-review-email"
          email={flow.demoEntry?.email ?? ''}
          label="Adresse e-mail où envoyer les PDF"
          submitLabel="Enregistrer l’adresse"
          onSubmit={(email) => flowStore.setDemoEmail(email)}
          collapsed={{
            text: `Questionnaire de démonstration\u00a0: à l’envoi, le questionnaire rempli et le bilan en PDF partent ${flow.demoEntry?.email ? `à ${flow.demoEntry.email}` : 'à l’adresse indiquée'}.`,
            openLabel: 'Modifier l’adresse',
          }}
        />
      }
      onSend={onSend}
    />
  );
}

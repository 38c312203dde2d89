import { Link } from '../routing/Link';
import { downloadBlob } from '../api/downloadBlob';
import { useFlowState } from '../patient/flowStore';
import { usePageFocus } from '../renderer/usePageFocus';
import '../patient/patient.css';

export const EMPTY_LOG = 'Les données sont vides ou non disponibles.';

/**
 * /summary, 'Résumé des réponses': the developer screen of the demo's answers, as JSON. A
 * patient's answers never show here (D23): the real flow has its own review page.
 */
export function SummaryPage() {
  const flow = useFlowState();
  const answers = flow.flow === 'demo' ? flow.answers : {};
  const heading = usePageFocus<HTMLHeadingElement>('/summary');
  const isEmpty = Object.keys(answers).length === 0;
  const json = JSON.stringify(answers, null, 2);
  return (
    <main className="container patient-page" id="contenu">
      <h1 ref={heading} tabIndex={-1}>
        Résumé des réponses
      </h1>
      <pre className="json-view" tabIndex={0} aria-label="Réponses au format JSON">
        {json}
      </pre>
      <div className="button-row">
        <button type="button" className="btn btn-secondary" onClick={() => console.log(isEmpty ? EMPTY_LOG : answers)}>
          Afficher les réponses dans la console
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => downloadBlob(new Blob([json], { type: 'application/json' }), 'questionnaire_responses.json')}
        >
          Télécharger les réponses (JSON)
        </button>
        <Link className="btn btn-primary" to="/submit">
          Finaliser et Soumettre
        </Link>
      </div>
    </main>
  );
}

import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { downloadBlob } from '../api/downloadBlob';
import { patientApi } from '../api/patientApi';
import { flowStore, useFlowState } from '../patient/flowStore';
import { patientSession } from '../patient/session';
import { usePageFocus } from '../renderer/usePageFocus';
import '../patient/patient.css';

export const EMPTY_LOG = 'Les données sont vides ou non disponibles.';

/** 'Résumé des réponses': the answers of the demo or real flow in progress, as JSON. */
export function SummaryPage() {
  const { answers, flow } = useFlowState();
  const heading = usePageFocus<HTMLHeadingElement>('/formulaire/test/summary');
  // After a reload of the real flow, its answers come back from the server (D13).
  useEffect(() => {
    const token = patientSession.token();
    if (flow !== null || !token) return;
    patientApi
      .me(token)
      .then((form) => flowStore.resume(form))
      .catch((error: unknown) => console.error(error));
  }, [flow]);
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

import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router-dom';
import './patient.css';

/** /{clientName}/thank-you: the end of the real flow. */
export function PatientThankYouPage() {
  const { clientName = '' } = useParams();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus({ preventScroll: true }), []);
  return (
    <main className="container patient-page thank-you" id="contenu">
      <h1 ref={heading} tabIndex={-1}>
        MERCI !
      </h1>
      <p>Merci d'avoir rempli le questionnaire.</p>
      <p>Rendez-vous au comptoir : votre pharmacien ou votre médecin vous présentera votre bilan de prévention.</p>
      <Link className="btn btn-primary" to={`/${encodeURIComponent(clientName)}/userform`}>
        Retour à l'accueil
      </Link>
    </main>
  );
}

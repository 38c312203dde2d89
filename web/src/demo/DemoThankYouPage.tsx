import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import '../patient/patient.css';

/** /formulaire/test/thank-you: the end of the demo. */
export function DemoThankYouPage() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus({ preventScroll: true }), []);
  return (
    <main className="container patient-page thank-you" id="contenu">
      <h1 ref={heading} tabIndex={-1}>
        MERCI !
      </h1>
      <p>Merci d'avoir testé l'application.</p>
      <p>Rendez-vous au comptoir pour découvrir le bilan de prévention préparé à partir de vos réponses.</p>
      <Link className="btn btn-primary" to="/form">
        Retour au formulaire
      </Link>
    </main>
  );
}

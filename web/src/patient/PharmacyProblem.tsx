import { Link } from 'react-router-dom';
import type { PharmacyState } from './usePharmacy';

/** What a person sees when the pharmacy of the address cannot be used. */
export function PharmacyProblem({ state }: { state: PharmacyState }) {
  if (state.status === 'loading') {
    return (
      <main className="container patient-page" aria-busy="true">
        <p role="status">Chargement…</p>
      </main>
    );
  }
  return (
    <main className="container patient-page">
      <h1>{state.status === 'unknown' ? 'Pharmacie introuvable' : 'Service momentanément indisponible'}</h1>
      <p>
        {state.status === 'unknown'
          ? "Cette adresse ne correspond à aucune pharmacie inscrite. Vérifiez le lien que votre pharmacie vous a donné, ou demandez-le au comptoir."
          : 'Nous ne parvenons pas à joindre le serveur. Vérifiez votre connexion puis rechargez la page.'}
      </p>
      <p>
        <Link to="/">Retour à l'accueil du site</Link>
      </p>
    </main>
  );
}

import { Link } from '../routing/Link';
import type { PharmacyState } from './usePharmacy';
import { FlowWaiting } from './FlowScreens';

/** What a person sees while the pharmacy of the address loads, or when it cannot be used. */
export function PharmacyProblem({ state }: { state: PharmacyState }) {
  if (state.status === 'loading') return <FlowWaiting />;
  const unknown = state.status === 'unknown';
  return (
    <main className="container patient-page" id="contenu">
      <h1>{unknown ? 'Pharmacie introuvable' : 'Service momentanément indisponible'}</h1>
      <p role={unknown ? undefined : 'alert'}>
        {unknown
          ? 'Cette adresse ne correspond à aucune pharmacie inscrite. Vérifiez le lien que votre pharmacie vous a donné, ou demandez-le au comptoir.'
          : 'Nous ne parvenons pas à joindre le serveur. Vérifiez votre connexion, puis réessayez.'}
      </p>
      {state.status === 'error' && (
        <p>
          <button type="button" className="btn btn-primary" onClick={state.retry}>
            Réessayer
          </button>
        </p>
      )}
      <p>
        <Link to="/">Retour à l’accueil du site</Link>
      </p>
    </main>
  );
}

import { Link } from 'react-router-dom';
import { SitePage } from './SitePage';

/** Any unknown address. */
export function NotFoundPage() {
  return (
    <SitePage title="Page introuvable">
      <div className="container status-page">
        <h1>Page introuvable</h1>
        <p>L’adresse demandée ne correspond à aucune page. Elle a peut-être été mal saisie, ou la page n’existe plus.</p>
        <p>
          <Link to="/" className="btn btn-primary">
            Retour à l’accueil
          </Link>
        </p>
      </div>
    </SitePage>
  );
}

import { Link } from '../routing/Link';
import { SitePage } from './SitePage';

/** What an unknown address says, inside whichever frame shows it. */
export function NotFoundMessage() {
  return (
    <>
      <h1>Page introuvable</h1>
      <p>L’adresse demandée ne correspond à aucune page. Elle a peut-être été mal saisie, ou la page n’existe plus.</p>
      <p>
        <Link to="/" className="btn btn-primary">
          Retour à l’accueil
        </Link>
      </p>
    </>
  );
}

/** Any unknown address. */
export function NotFoundPage() {
  return (
    <SitePage title="Page introuvable">
      <div className="container status-page">
        <NotFoundMessage />
      </div>
    </SitePage>
  );
}

import { useEffect } from 'react';
import './site.css';

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return 'Erreur inconnue';
}

/**
 * What the routes' error boundary shows (RouteErrorBoundary.tsx). It renders outside any
 * page frame (the failing route may be the layout itself), so it stands alone and offers a full
 * reload and a full navigation home.
 */
export function RouterErrorScreen({ error }: { error: unknown }) {
  useEffect(() => {
    document.title = 'Erreur | Bilan Prévention';
  }, []);
  return (
    <main className="container status-page" aria-labelledby="router-error-title">
      <div role="alert">
        <h1 id="router-error-title">Une erreur inattendue est survenue</h1>
        <p>La page n’a pas pu s’afficher. Vous pouvez la recharger ou revenir à l’accueil.</p>
        <p className="router-error-detail">
          Détail{'\u00a0'}: <code>{describe(error)}</code>
        </p>
      </div>
      <p className="status-actions">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Recharger la page
        </button>
        <a href="/" className="btn btn-secondary">
          Retour à l’accueil
        </a>
      </p>
    </main>
  );
}

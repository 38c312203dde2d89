import { Link } from '../routing/Link';
import { t } from '../i18n/translate';

/** A screen that waits for the server: said at once, in a live region (no blank page on a slow phone). */
export function FlowWaiting({ text = t('Chargement…') }: { text?: string }) {
  return (
    <main className="container patient-page" id="contenu" aria-busy="true">
      <p role="status" className="loading-line">
        <span className="spinner" aria-hidden="true" /> {text}
      </p>
    </main>
  );
}

/** A questionnaire address that cannot be shown: what happened, "Réessayer" when it can help, the way back. */
export function FlowProblem({
  backTo,
  title = t('Page introuvable'),
  text = t('Cette page du questionnaire n’existe pas.'),
  onRetry,
}: {
  backTo: string;
  title?: string;
  text?: string;
  onRetry?: () => void;
}) {
  return (
    <main className="container patient-page" id="contenu">
      <h1>{title}</h1>
      <p role={onRetry ? 'alert' : undefined}>{text}</p>
      {onRetry && (
        <p>
          <button type="button" className="btn btn-primary" onClick={onRetry}>
            {t('Réessayer')}
          </button>
        </p>
      )}
      <p>
        <Link to={backTo}>{t('Revenir au début du questionnaire')}</Link>
      </p>
    </main>
  );
}

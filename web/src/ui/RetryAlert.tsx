import { t } from '../i18n/translate';
/** A failure that left everything in place: what happened, what to do, and a "Réessayer" button. */
export function RetryAlert({
  message,
  onRetry,
  busy = false,
}: {
  message: string;
  onRetry?: () => void;
  busy?: boolean;
}) {
  return (
    <div role="alert" className="notice notice-error retry-alert">
      <p>{message}</p>
      {onRetry && (
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={onRetry}>
          {t('Réessayer')}
        </button>
      )}
    </div>
  );
}

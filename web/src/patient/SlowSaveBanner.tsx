import { useEffect, useState } from 'react';
import { saveQueue, SLOW_SAVE_MS, useSaveQueue } from './saveQueue';
import { t } from '../i18n/translate';

/**
 * A save pending more than 10 s (issue 34): a calm banner says the answers are kept on this
 * screen and will be saved when the connection comes back, with « Réessayer »; it goes away by
 * itself once the save passes.
 */
export function SlowSaveBanner() {
  const { oldestSince } = useSaveQueue();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (oldestSince === null) return;
    const wait = oldestSince + SLOW_SAVE_MS - Date.now();
    if (wait <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), wait + 50);
    return () => clearTimeout(timer);
  }, [oldestSince]);
  const slow = oldestSince !== null && now - oldestSince >= SLOW_SAVE_MS;
  return (
    <div className="slow-save" aria-live="polite">
      {slow && (
        <div className="notice slow-save-banner">
          <p>
            {t(
              'L’enregistrement de vos réponses prend plus de temps que prévu. Elles sont gardées sur cet écran et seront enregistrées dès que la connexion le permettra\u00a0; vous pouvez continuer.',
            )}
          </p>
          <button type="button" className="btn btn-secondary" onClick={() => saveQueue.retryNow()}>
            {t('Réessayer')}
          </button>
        </div>
      )}
    </div>
  );
}

import { useSaveQueue } from './saveQueue';
import { t } from '../i18n/translate';

/**
 * Beside « Suivant »: a small « Enregistrement… » while earlier pages' saves go to the server
 * (issue 34: the button keeps its label and never waits; "Envoi…" would read as sending everything).
 */
export function SavingNote() {
  const { pending } = useSaveQueue();
  return (
    <span className="saving-note" aria-live="polite">
      {pending > 0 ? t('Enregistrement…') : ''}
    </span>
  );
}

import { Dialog } from '../ui/Dialog';
import { t } from '../i18n/translate';

export const STILL_HERE_TITLE = () => t('Vous êtes toujours là\u00a0?');

/**
 * D39: after 3 minutes without a touch or a key, the page asks whether the person is still
 * there; without an answer within 60 seconds their answers hide behind the resume question.
 * The native modal dialog is announced by its title and keeps the focus inside it.
 */
export function StillHereDialog({ onContinue }: { onContinue: () => void }) {
  return (
    <Dialog title={STILL_HERE_TITLE()} onCancel={onContinue}>
      <p>{t('Sans réponse d’ici une minute, vos réponses seront masquées pour les protéger.')}</p>
      <div className="dialog-actions">
        <button type="button" className="btn btn-primary" onClick={onContinue}>
          {t('Oui, je continue')}
        </button>
      </div>
    </Dialog>
  );
}

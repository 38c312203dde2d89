import { useEffect } from 'react';
import { t } from '../i18n/translate';

export const LEAVE_WARNING = () => t('Attention\u00a0: si vous rechargez la page, toutes les données seront perdues.');

/** Asks the browser to confirm a reload or a departure while a questionnaire page is open. */
export function useLeaveWarning(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the dialog only when returnValue is set.
      event.returnValue = LEAVE_WARNING();
      return LEAVE_WARNING();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [active]);
}

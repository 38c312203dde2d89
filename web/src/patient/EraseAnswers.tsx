import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../api/client';
import { patientApi } from '../api/patientApi';
import { notifications } from '../notifications/notificationStore';
import { Dialog } from '../ui/Dialog';
import { endPatientSession } from './endPatientSession';
import { ERASE_FAILED, ERASED } from './flowMessages';
import { saveQueue } from './saveQueue';
import { patientSession } from './session';
import { t } from '../i18n/translate';

/**
 * « Arrêter et effacer mes réponses » (D31), under every page of the real flow: after a
 * confirmation, the form in progress is deleted on the server and this device forgets it.
 */
export function EraseAnswers({ pharmacyName }: { pharmacyName: string }) {
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const forget = async () => {
    endPatientSession();
    notifications.info(ERASED());
    await navigate(`/${encodeURIComponent(pharmacyName)}/userform`, { replace: true });
  };

  const erase = async () => {
    const token = patientSession.token();
    if (!token) return forget();
    setBusy(true);
    setFailure(null);
    // Saves still waiting would write to a form that is about to be deleted.
    saveQueue.clear();
    try {
      await patientApi.erase(token);
    } catch (error) {
      // 401: the form is gone already (erased, purged) or finished: nothing left here to erase.
      if (!(error instanceof ApiError) || error.status !== 401) {
        setBusy(false);
        setFailure(ERASE_FAILED());
        return;
      }
    }
    await forget();
  };

  return (
    <div className="erase-answers">
      <button type="button" className="btn btn-link" onClick={() => setAsking(true)}>
        {t('Arrêter et effacer mes réponses')}
      </button>
      {asking && (
        <Dialog title={t('Effacer vos réponses\u00a0?')} onCancel={() => setAsking(false)}>
          <p>
            {t(
              'Toutes les réponses de ce questionnaire et les informations données à l’inscription seront effacées. Votre pharmacie ne les recevra pas et vous ne pourrez pas les retrouver.',
            )}
          </p>
          <p className="field-error" role="alert">
            {failure}
          </p>
          <div className="dialog-actions">
            <button
              type="button"
              className="btn btn-danger"
              disabled={busy}
              aria-busy={busy || undefined}
              onClick={() => void erase()}
            >
              {t('Oui, effacer mes réponses')}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setAsking(false)}>
              {t('Non, continuer le questionnaire')}
            </button>
          </div>
        </Dialog>
      )}
    </div>
  );
}

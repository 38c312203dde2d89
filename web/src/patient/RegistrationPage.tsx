import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { endPatientSession } from './endPatientSession';
import { flowStore } from './flowStore';
import { PharmacyProblem } from './PharmacyProblem';
import { RegistrationForm } from './RegistrationForm';
import { ResumeDialog } from './ResumeDialog';
import { resumeRoute } from './resumeRoute';
import { patientSession } from './session';
import { usePharmacy } from './usePharmacy';
import { t } from '../i18n/translate';

type LiveSession = { status: 'none' } | { status: 'live'; asking: boolean };

/**
 * A form in progress in this tab (D13): its token is here. Nothing of it is read before the
 * resume question is answered (D31): not even whose it is.
 */
function useLiveSession() {
  return useState<LiveSession>(() => (patientSession.token() ? { status: 'live', asking: true } : { status: 'none' }));
}

/** /{pharmacyName}/userform: the start screen of the pharmacy, or what went wrong with it. */
export function RegistrationPage() {
  const { pharmacyName = '' } = useParams();
  const navigate = useNavigate();
  const pharmacy = usePharmacy(pharmacyName);
  const [session, setSession] = useLiveSession();
  if (pharmacy.status !== 'found') return <PharmacyProblem state={pharmacy} />;

  const onResumed = async () => {
    const route = await resumeRoute(pharmacyName, flowStore.get());
    if (route) await navigate(route);
  };
  const onGone = () => {
    endPatientSession();
    setSession({ status: 'none' });
  };
  const live = session.status === 'live' ? session : null;
  return (
    <RegistrationForm
      // "Non": a new person starts from an empty form.
      key={live ? 'live' : 'new'}
      pharmacyName={pharmacyName}
      pharmacy={pharmacy.pharmacy}
      aboveForm={
        live &&
        (live.asking ? (
          <ResumeDialog
            pharmacyName={pharmacyName}
            onResumed={() => void onResumed()}
            onGone={onGone}
            onCancel={() => setSession({ ...live, asking: false })}
          />
        ) : (
          <div className="notice resume-notice">
            <p>{t('Un questionnaire commencé sur cet appareil n’est pas terminé.')}</p>
            <button type="button" className="btn btn-secondary" onClick={() => setSession({ ...live, asking: true })}>
              {t('Reprendre le questionnaire commencé')}
            </button>
          </div>
        ))
      }
    />
  );
}

import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { endPatientSession } from './endPatientSession';
import { FlowWaiting } from './FlowScreens';
import { flowStore } from './flowStore';
import { idleClock } from './idleClock';
import { loadPatientForm } from './loadPatientForm';
import { PharmacyProblem } from './PharmacyProblem';
import { RegistrationForm } from './RegistrationForm';
import { ResumeDialog } from './ResumeDialog';
import { resumeRoute } from './resumeRoute';
import { patientSession } from './session';
import { usePharmacy } from './usePharmacy';

type LiveSession = { status: 'checking' } | { status: 'none' } | { status: 'live'; firstName: string; asking: boolean };

/**
 * A form in progress in this tab (D13): the one in memory, or the server's for the stored token.
 * Nothing of it shows here but the first name of the resume question (D23).
 */
function useLiveSession(pharmacyName: string) {
  const [session, setSession] = useState<LiveSession>(() => {
    const token = patientSession.token();
    if (!token) return { status: 'none' };
    const inMemory = flowStore.get();
    return inMemory.flow === 'real' && inMemory.patient?.token === token
      ? { status: 'live', firstName: inMemory.patient.firstName, asking: true }
      : { status: 'checking' };
  });
  useEffect(() => {
    const token = patientSession.token();
    if (!token) return;
    const inMemory = flowStore.get();
    if (inMemory.flow === 'real' && inMemory.patient?.token === token) return;
    let live = true;
    loadPatientForm(token, pharmacyName)
      .then((result) => {
        if (!live) return;
        const firstName = flowStore.get().patient?.firstName ?? '';
        setSession(result === 'resumed' ? { status: 'live', firstName, asking: true } : { status: 'none' });
      })
      // The server cannot be reached: the form is there; registering again replaces the token.
      .catch(() => live && setSession({ status: 'none' }));
    return () => {
      live = false;
    };
  }, [pharmacyName]);
  return [session, setSession] as const;
}

/** /{pharmacyName}/userform: the start screen of the pharmacy, or what went wrong with it. */
export function RegistrationPage() {
  const { pharmacyName = '' } = useParams();
  const navigate = useNavigate();
  const pharmacy = usePharmacy(pharmacyName);
  const [session, setSession] = useLiveSession(pharmacyName);
  if (pharmacy.status !== 'found') return <PharmacyProblem state={pharmacy} />;
  if (session.status === 'checking') return <FlowWaiting />;

  const onYes = async () => {
    idleClock.touch();
    flowStore.confirmIdentity();
    const route = await resumeRoute(pharmacyName, flowStore.get());
    if (route) await navigate(route);
  };
  const onNo = () => {
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
            firstName={live.firstName}
            onYes={() => void onYes()}
            onNo={onNo}
            onCancel={() => setSession({ ...live, asking: false })}
          />
        ) : (
          <div className="notice resume-notice">
            <p>Un questionnaire commencé sur cet appareil n’est pas terminé.</p>
            <button type="button" className="btn btn-secondary" onClick={() => setSession({ ...live, asking: true })}>
              Reprendre le questionnaire commencé
            </button>
          </div>
        ))
      }
    />
  );
}

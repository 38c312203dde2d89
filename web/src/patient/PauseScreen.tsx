import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { flowStore } from './flowStore';
import { pausedAddress } from './pausedAddress';
import { resumeRoute } from './resumeRoute';
import { PausedForm } from './PausedForm';
import { patientSession } from './session';

/**
 * The paused screen at its neutral address: the resume question, then the page the person left
 * (its typed answers kept in memory), or the first page not yet saved after a reload.
 */
export function PauseScreen() {
  const pharmacyName = useParams().pharmacyName ?? '';
  const navigate = useNavigate();
  const start = `/${encodeURIComponent(pharmacyName)}/userform`;
  if (!patientSession.token()) return <Navigate to={start} replace />;
  const onResumed = async () => {
    const back = pausedAddress.take() ?? (await resumeRoute(pharmacyName, flowStore.get())) ?? start;
    await navigate(back, { replace: true });
  };
  return <PausedForm pharmacyName={pharmacyName} onResumed={() => void onResumed()} />;
}

import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { endPatientSession } from './endPatientSession';
import { flowStore } from './flowStore';
import { patientSession } from './session';

/**
 * D23: back from another page (the browser's back-forward cache), if the tab's token is no longer
 * this form's, the form is forgotten and the start screen opens. On every screen of a form, the
 * paused one included.
 */
export function useForgetOnReturn(pharmacyName: string): void {
  const navigate = useNavigate();
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      const own = flowStore.get().patient?.token;
      if (own && patientSession.token() === own) return;
      endPatientSession();
      void navigate(`/${encodeURIComponent(pharmacyName)}/userform`, { replace: true });
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [navigate, pharmacyName]);
}

import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { patientLanguage } from '../i18n/patientLanguage';
import { pausedAddress, pauseHref } from './pausedAddress';

/**
 * Stands for a page of a paused form (D39): the address becomes the neutral one of the pause, in
 * place of this one in the history, so that neither the screen nor the address shows the band;
 * Back and « Précédent » to an earlier page of the form land here again.
 */
export function ToPause({ pharmacyName }: { pharmacyName: string }) {
  const location = useLocation();
  useEffect(() => pausedAddress.keep(location.pathname), [location.pathname]);
  // The language read is the person's too: the pause shows French until the form is resumed.
  useEffect(() => patientLanguage.reset(), []);
  return <Navigate to={pauseHref(pharmacyName)} replace />;
}

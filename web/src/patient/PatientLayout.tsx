import { Outlet, useNavigation } from 'react-router-dom';
import { Footer } from '../site/Footer';
import './patient.css';

/**
 * The patient and demo screens share the site's footer (legal links, contact), and a live
 * "Chargement…" while the next screen's code loads (a slow phone waits on it, not on a blank).
 */
export function PatientLayout() {
  const loading = useNavigation().state === 'loading';
  return (
    <>
      <p className="route-loading" role="status">
        {loading ? 'Chargement…' : ''}
      </p>
      <Outlet />
      <Footer />
    </>
  );
}

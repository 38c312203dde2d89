import { useSyncExternalStore } from 'react';
import { Outlet } from 'react-router-dom';
import { screenLoads } from '../routing/lazyScreen';
import { Footer } from '../site/Footer';
import './patient.css';

/**
 * The patient and demo screens share the site's footer (legal links, contact), and a live
 * "Chargement…" while the next screen's code loads (a slow phone waits on it, not on a blank).
 */
export function PatientLayout() {
  const loading = useSyncExternalStore(screenLoads.subscribe, screenLoads.busy, () => false);
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

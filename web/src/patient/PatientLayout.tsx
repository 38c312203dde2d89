import { useSyncExternalStore } from 'react';
import { Outlet } from 'react-router-dom';
import { t } from '../i18n/translate';
import { useLanguage } from '../i18n/useLanguage';
import { screenLoads } from '../routing/lazyScreen';
import { Footer } from '../site/Footer';
import './patient.css';

/**
 * The patient and demo screens share the site's footer (legal links, contact), and a live
 * "Chargement…" while the next screen's code loads (a slow phone waits on it, not on a blank).
 */
export function PatientLayout() {
  // Its « Chargement… » in the patient’s language (issue 46); each screen follows the language itself.
  useLanguage();
  const loading = useSyncExternalStore(screenLoads.subscribe, screenLoads.busy, () => false);
  return (
    <>
      <p className="route-loading" role="status">
        {loading ? t('Chargement…') : ''}
      </p>
      <Outlet />
      <Footer />
    </>
  );
}

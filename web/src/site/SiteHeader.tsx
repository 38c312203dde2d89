import { useSyncExternalStore } from 'react';
import { Link } from '../routing/Link';
import { patientMode } from '../staff/patientMode';
import './site.css';

/**
 * Top bar of the public pages: the brand (home link) and the pharmacists' login, which a device in
 * patient mode (D40) does not offer: a patient who opens a legal page from the form's footer finds
 * no way towards the staff pages. Prerendered pages have the link; the browser's render decides.
 */
export function SiteHeader() {
  const handedToPatient = useSyncExternalStore(patientMode.subscribe, patientMode.on, () => false);
  return (
    <header className="site-header">
      <div className="container site-header-inner">
        <Link to="/" className="site-brand">
          <svg aria-hidden="true" focusable="false" width="28" height="28" viewBox="0 0 28 28">
            <rect width="28" height="28" rx="6" fill="#00695c" />
            <rect x="11" y="5" width="6" height="18" rx="1.5" fill="#ffffff" />
            <rect x="5" y="11" width="18" height="6" rx="1.5" fill="#ffffff" />
          </svg>
          <span>Bilan Prévention</span>
        </Link>
        {/* A full page load on purpose: the account screens are a separate bundle with their own session handling. */}
        {handedToPatient ? null : (
          <a href="/login" className="btn btn-secondary site-login">
            Se connecter
          </a>
        )}
      </div>
    </header>
  );
}

import { Navigate } from 'react-router-dom';
import { Link } from '../routing/Link';
import { DashboardHero } from '../staff/DashboardHero';
import { ContactPanel } from './ContactPanel';
import { QrPanel } from './QrPanel';
import { usePharmacyPage } from './usePharmacyPage';
import { useLogout } from '../staff/useLogout';
import '../staff/dashboard.css';
import './pharmacy.css';

/** « Affiche et lien »: the patient link, its QR code and the A4 poster, out of the list's way; the pharmacy's address and phone. */
export function PosterPage() {
  const { signedIn, account, redirect, basePath } = usePharmacyPage();
  const logout = useLogout();
  if (redirect || !signedIn || !account) return <Navigate to={redirect ?? '/login'} replace />;
  const patientLink = `${window.location.origin}/${encodeURIComponent(account.name)}/userform`;
  return (
    <main id="main" className="dashboard">
      <DashboardHero
        titleId="poster-title"
        title="Affiche et lien"
        subtitle={account.nom}
        onLogout={() => void logout()}
      >
        <Link className="btn btn-secondary dashboard-hero-button" to={basePath}>
          Retour à la liste
        </Link>
      </DashboardHero>
      <div className="container dashboard-body">
        <QrPanel link={patientLink} nom={account.nom} />
        <ContactPanel />
      </div>
    </main>
  );
}

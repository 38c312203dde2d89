import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { DashboardHero } from '../staff/DashboardHero';
import { dashboardPath, session } from '../staff/session';
import { useLogout } from '../staff/useLogout';
import { FailedEmailsPanel } from './FailedEmailsPanel';
import { InvitationsPanel } from './InvitationsPanel';
import { StatsPanel } from './StatsPanel';
import '../staff/dashboard.css';
import './admin.css';

/** The admin's dashboard: three panels, each loading and keeping its own data. */
export function AdminDashboardPage() {
  const logout = useLogout();
  const account = session.account();
  // Bumped when an invitation is created or sent again: every panel reads its data again (an
  // invitation's e-mail may join the undelivered ones).
  const [revision, setRevision] = useState(0);

  if (!account) return <Navigate to="/login" replace />;
  if (account.role.toLowerCase() !== 'admin') return <Navigate to={dashboardPath(account)} replace />;

  return (
    <main id="main" className="dashboard">
      <DashboardHero
        titleId="admin-title"
        title="Administration"
        subtitle={account.email}
        onLogout={() => void logout()}
      />
      <div className="container dashboard-body">
        <InvitationsPanel revision={revision} onChange={() => setRevision((r) => r + 1)} />
        <StatsPanel revision={revision} />
        <FailedEmailsPanel revision={revision} />
      </div>
    </main>
  );
}

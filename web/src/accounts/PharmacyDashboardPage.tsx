import { useCallback, useEffect, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { ApiError } from '../api/client';
import { notifications } from '../notifications/notificationStore';
import { EmptyRow } from '../ui/EmptyRow';
import { TableHead, type Column } from '../ui/TableHead';
import { accountsApi, type GroupedForms } from './accountsApi';
import { DashboardHero } from './DashboardHero';
import { saveDownload } from './saveDownload';
import { downloadErrorMessage } from './downloadError';
import { formatDateFr, formatDateTimeFr } from './formatDate';
import { MSG } from './messages';
import { QrPanel } from './QrPanel';
import { dashboardPath, session } from './session';
import { useLogout } from './useStaffSession';
import './accounts.css';
import { FormMessage } from './FormMessage';

const AGE_LABELS: Record<string, string> = { '18to25': '18-25 ans', '45to50': '45-50 ans', '60to65': '60-65 ans', '70to75': '70-75 ans' };

// Bold, framed and spelt out, so the emphasis does not rest on colour alone.
function PriorityCell({ count }: { count: number }) {
  if (count <= 0) return <span className="priority-none">0</span>;
  return <strong className="priority-badge">{count === 1 ? '1 priorité' : `${count} priorités`}</strong>;
}

function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number);
  if (!y || !m) return month;
  return new Date(Date.UTC(y, m - 1, 15)).toLocaleDateString('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

const FORM_COLUMNS: readonly Column[] = [
  'Nom',
  'Prénom',
  'Date de naissance',
  'Date du formulaire',
  "Tranche d’âge",
  { key: 'priorities', label: <>Priorités<span className="visually-hidden"> (points prioritaires du bilan)</span></> },
  'Documents',
];

export function PharmacyDashboardPage() {
  const { pharmacyName = '' } = useParams();
  const navigate = useNavigate();
  const logout = useLogout();
  const token = session.token();
  const account = session.account();
  const [q, setQ] = useState('');
  const [month, setMonth] = useState('');
  const [data, setData] = useState<GroupedForms | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const onAuthFailure = useCallback(
    (err: unknown) => {
      if (err instanceof ApiError && err.status === 401) {
        session.clearAll();
        notifications.error(err.message || MSG.sessionInvalid);
        navigate('/login');
        return true;
      }
      return false;
    },
    [navigate],
  );

  useEffect(() => {
    if (!token) return;
    let active = true;
    // The search waits for a pause in typing; the month applies at once.
    const timer = setTimeout(
      () => {
        accountsApi
          .grouped(token, q.trim(), month)
          .then((answer) => {
            if (!active) return;
            setData(answer);
            setLoadError(null);
          })
          .catch((err: unknown) => {
            if (!active || onAuthFailure(err)) return;
            setLoadError(err instanceof ApiError && err.message ? err.message : MSG.genericError);
          });
      },
      q ? 300 : 0,
    );
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [token, q, month, onAuthFailure]);

  if (!token || !account) return <Navigate to="/login" replace />;
  if (account.role.toLowerCase() === 'admin' || account.name !== pharmacyName) return <Navigate to={dashboardPath(account)} replace />;

  function download(load: (token: string) => Promise<Blob>, fileName: string, key: string, failure: (error: unknown) => string) {
    const current = session.token();
    if (!current) return notifications.error(MSG.noToken);
    return saveDownload(() => load(current), fileName, { busy: (on) => setBusy(on ? key : null), failure });
  }
  const downloadPdf = (id: number, kind: 'formulaire' | 'bilan') =>
    download((t) => accountsApi.pdf(t, id, kind), kind === 'formulaire' ? 'Questionnaire.pdf' : 'Bilan.pdf', `${kind}-${id}`, downloadErrorMessage);
  const exportData = () => download((t) => accountsApi.exportXlsx(t), 'donnees_utilisateurs.xlsx', 'export', () => MSG.exportFailed);

  const patientLink = `${window.location.origin}/${encodeURIComponent(account.name)}/userform`;
  const records = data?.records ?? [];

  return (
    <main id="main" className="dashboard">
      <DashboardHero titleId="dash-title" title="Tableau de bord" subtitle={account.nom} onLogout={() => void logout()}>
        <a className="btn btn-primary dashboard-hero-button" href={`/${encodeURIComponent(account.name)}/userform`} target="_blank" rel="noopener">
          Ouvrir le formulaire patient
          <span className="visually-hidden"> (nouvelle fenêtre)</span>
        </a>
      </DashboardHero>

      <div className="container dashboard-body">
        <QrPanel token={token} link={patientLink} nom={account.nom} />

        <section aria-labelledby="forms-title" className="card">
          <h2 id="forms-title">Formulaires reçus</h2>
          <form className="dashboard-filters" role="search" onSubmit={(e) => e.preventDefault()}>
            <div className="field">
              <label htmlFor="dash-search">Rechercher par nom</label>
              <input id="dash-search" type="search" value={q} onChange={(e) => setQ(e.target.value)} autoComplete="off" />
            </div>
            <div className="field">
              <label htmlFor="dash-month">Mois</label>
              <input id="dash-month" type="month" value={month} onChange={(e) => setMonth(e.target.value)} />
            </div>
            {month ? (
              <button type="button" className="btn btn-link" onClick={() => setMonth('')}>
                Tous les mois (mois en cours)
              </button>
            ) : null}
          </form>

          <FormMessage message={loadError} />

          {data ? (
            <dl className="dashboard-counts" aria-live="polite">
              {data.counts.today !== null ? (
                <div>
                  <dt>Aujourd’hui</dt>
                  <dd>{data.counts.today}</dd>
                </div>
              ) : null}
              <div>
                <dt>{month ? monthLabel(data.month) : `Ce mois-ci (${monthLabel(data.month)})`}</dt>
                <dd>{data.counts.month}</dd>
              </div>
            </dl>
          ) : (
            <p role="status">Chargement…</p>
          )}

          <div className="table-scroll">
            <table>
              <caption className="visually-hidden">Formulaires reçus, du plus récent au plus ancien</caption>
              <TableHead columns={FORM_COLUMNS} />
              <tbody>
                {records.length === 0 && data ? <EmptyRow columns={FORM_COLUMNS.length} text="Aucun formulaire pour ces critères." /> : null}
                {records.map((r) => (
                  <tr key={r.id}>
                    <th scope="row">{r.nom}</th>
                    <td>{r.prenom}</td>
                    <td>{formatDateFr(r.date_naissance)}</td>
                    <td>{formatDateTimeFr(r.date_formulaire)}</td>
                    <td>{AGE_LABELS[r.ageGroup] ?? r.ageGroup}</td>
                    <td className="dashboard-priorities">
                      <PriorityCell count={r.priorityCount} />
                    </td>
                    <td className="dashboard-docs">
                      <button type="button" className="btn btn-secondary" disabled={busy !== null} onClick={() => void downloadPdf(r.id, 'formulaire')}>
                        Questionnaire.pdf<span className="visually-hidden"> de {r.prenom} {r.nom}</span>
                      </button>
                      <button type="button" className="btn btn-secondary" disabled={busy !== null} onClick={() => void downloadPdf(r.id, 'bilan')}>
                        Bilan.pdf<span className="visually-hidden"> de {r.prenom} {r.nom}</span>
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          <button type="button" className="btn btn-primary" disabled={busy !== null} aria-busy={busy === 'export'} onClick={() => void exportData()}>
            Exporter les données (Excel)
          </button>
        </section>
      </div>
    </main>
  );
}

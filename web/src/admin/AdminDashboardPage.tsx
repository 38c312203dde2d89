import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Navigate } from 'react-router-dom';
import { ApiError } from '../api/client';
import { notifications } from '../notifications/notificationStore';
import { EmptyRow } from '../ui/EmptyRow';
import { TableHead } from '../ui/TableHead';
import { adminApi, type FailedEmail, type Invitation, type PharmacyStats } from './adminApi';
import { DashboardHero } from '../staff/DashboardHero';
import { FormMessage } from '../ui/FormMessage';
import { formatDateFr, formatDateTimeFr } from '../ui/formatDate';
import { MSG } from '../staff/messages';
import { MonthlyChart } from './MonthlyChart';
import { saveDownload } from '../staff/saveDownload';
import { SubmitButton } from '../ui/SubmitButton';
import { dashboardPath, session } from '../staff/session';
import { useLogout } from '../staff/useLogout';
import '../staff/dashboard.css';
import './admin.css';

const STATUS_LABELS: Record<Invitation['status'], string> = {
  active: 'En attente',
  used: 'Utilisée',
  expired: 'Expirée',
};

/** Days of validity typed by the admin: non-numeric falls back to 7, the minimum is 1. */
export function parseTtlDays(raw: string): number {
  const n = Number.parseInt(raw, 10);
  if (!Number.isFinite(n)) return 7;
  return Math.min(365, Math.max(1, n));
}

/** Sum over pharmacies, month by month (the rows share the same 12 months). */
function monthlyTotals(rows: PharmacyStats[]): { month: string; total: number }[] {
  const totals = new Map<string, number>();
  for (const row of rows) for (const m of row.months) totals.set(m.month, (totals.get(m.month) ?? 0) + m.total);
  return [...totals.entries()].map(([month, total]) => ({ month, total }));
}

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    notifications.info(MSG.copied);
  } catch {
    notifications.error(MSG.copyFailed);
  }
}

const INVITATION_COLUMNS = ['E-mail', 'Créée le', 'Expire le', 'Statut', 'Lien', 'Envoi'];
const STATS_COLUMNS = ['Pharmacie', 'E-mail', 'Formulaires ce mois-ci', 'Courbe'];

export function AdminDashboardPage() {
  const logout = useLogout();
  const token = session.token();
  const account = session.account();
  const [stats, setStats] = useState<PharmacyStats[] | null>(null);
  const [statsError, setStatsError] = useState<string | null>(null);
  const [invitations, setInvitations] = useState<Invitation[]>([]);
  const [failed, setFailed] = useState<FailedEmail[]>([]);
  const [links, setLinks] = useState<Record<number, string>>({});
  const [email, setEmail] = useState('');
  const [ttl, setTtl] = useState('7');
  const [created, setCreated] = useState<Invitation | null>(null);
  const [createError, setCreateError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState<number | null>(null);
  const [drawn, setDrawn] = useState<string[]>([]);
  const [exporting, setExporting] = useState(false);

  const refresh = useCallback(async (current: string) => {
    // The list's failure is silently ignored (platform.md section 7); stats show the error.
    adminApi.invitations(current).then(setInvitations, () => undefined);
    adminApi.failedEmails(current).then(setFailed, () => undefined);
    try {
      setStats(await adminApi.stats(current));
      setStatsError(null);
    } catch {
      setStatsError(MSG.adminFailed);
    }
  }, []);

  const isAdmin = account?.role.toLowerCase() === 'admin';
  useEffect(() => {
    // refresh sets its state after its requests' await, never during the effect itself.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (token && isAdmin) void refresh(token);
  }, [token, isAdmin, refresh]);

  if (!token || !account) return <Navigate to="/login" replace />;
  if (account.role.toLowerCase() !== 'admin') return <Navigate to={dashboardPath(account)} replace />;

  async function onCreate(event: FormEvent) {
    event.preventDefault();
    setCreateError(null);
    const current = session.token();
    if (!current) return setCreateError(MSG.adminTokenAbsent);
    setBusy(true);
    try {
      const invitation = await adminApi.createInvitation(
        current,
        email.trim().toLowerCase() || null,
        parseTtlDays(ttl),
      );
      const link = invitation.registerLink ?? `${window.location.origin}/register?invite=${invitation.token ?? ''}`;
      setCreated({ ...invitation, registerLink: link });
      setLinks((prev) => ({ ...prev, [invitation.id]: link }));
      setEmail('');
      void refresh(current);
    } catch (err) {
      setCreateError(
        err instanceof ApiError && (err.status === 401 || err.status === 403)
          ? MSG.adminFailed
          : MSG.inviteCreateFailed,
      );
    } finally {
      setBusy(false);
    }
  }

  async function resend(invitation: Invitation) {
    const current = session.token();
    if (!current) return notifications.error(MSG.adminTokenAbsent);
    setResending(invitation.id);
    try {
      const renewed = await adminApi.resendInvitation(current, invitation.id);
      notifications.info(
        `Invitation renvoyée à ${renewed.email ?? ''}, valable jusqu’au ${formatDateFr(renewed.expiresAt)}.`,
      );
      // The link shown at creation no longer works: only the e-mailed one does.
      setLinks((prev) => Object.fromEntries(Object.entries(prev).filter(([id]) => Number(id) !== invitation.id)));
      void refresh(current);
    } catch (err) {
      notifications.error(err instanceof ApiError && err.message && !err.isNetwork ? err.message : MSG.genericError);
    } finally {
      setResending(null);
    }
  }

  const exportStats = () => {
    const current = session.token();
    if (!current) return notifications.error(MSG.adminTokenAbsent);
    return saveDownload(() => adminApi.statsExport(current), 'chiffres_mensuels.xlsx', {
      busy: setExporting,
      failure: () => MSG.exportFailed,
    });
  };
  const toggleLine = (name: string, on: boolean) =>
    setDrawn((prev) => (on ? [...prev, name] : prev.filter((n) => n !== name)));

  const pending = invitations.filter((i) => i.status === 'active').length;
  const totals = monthlyTotals(stats ?? []);
  return (
    <main id="main" className="dashboard">
      <DashboardHero
        titleId="admin-title"
        title="Administration"
        subtitle={account.email}
        onLogout={() => void logout()}
      />

      <div className="container dashboard-body">
        <section aria-labelledby="invite-title" className="card">
          <h2 id="invite-title">Inviter une pharmacie</h2>
          <form onSubmit={onCreate} noValidate className="invite-form">
            <div className="field">
              <label htmlFor="invite-email">Adresse e-mail (facultative)</label>
              <span className="hint" id="invite-email-hint">
                Si elle est indiquée, le compte devra être créé avec cette adresse.
              </span>
              <input
                id="invite-email"
                type="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                aria-describedby="invite-email-hint"
              />
            </div>
            <div className="field">
              <label htmlFor="invite-ttl">Durée de validité (jours)</label>
              <input
                id="invite-ttl"
                type="number"
                min={1}
                max={365}
                step={1}
                inputMode="numeric"
                value={ttl}
                onChange={(e) => setTtl(e.target.value)}
              />
            </div>
            <FormMessage message={createError} />
            <SubmitButton busy={busy} block={false}>
              Créer l’invitation
            </SubmitButton>
          </form>
          {created?.registerLink ? (
            <div role="status" className="notice notice-success invite-created">
              <p>
                {created.emailed
                  ? `Invitation envoyée par e-mail à ${created.email ?? ''}, valable jusqu’au ${formatDateFr(created.expiresAt)}.`
                  : `Invitation créée, valable jusqu’au ${formatDateFr(created.expiresAt)}.`}{' '}
                Vous pouvez aussi transmettre ce lien (il ne sera plus affiché en entier){'\u00a0'}:
              </p>
              <p className="invite-link">
                <code>{created.registerLink}</code>
              </p>
              <button type="button" className="btn btn-secondary" onClick={() => void copy(created.registerLink ?? '')}>
                Copier le lien
              </button>
            </div>
          ) : null}

          <h3>
            Invitations{' '}
            <span className="hint">
              ({pending === 0 ? 'aucune en attente' : pending === 1 ? '1 en attente' : `${pending} en attente`})
            </span>
          </h3>
          <div className="table-scroll">
            <table>
              <TableHead columns={INVITATION_COLUMNS} />
              <tbody>
                {invitations.length === 0 ? (
                  <EmptyRow columns={INVITATION_COLUMNS.length} text="Aucune invitation." />
                ) : null}
                {invitations.map((inv) => (
                  <tr key={inv.id}>
                    <td>{inv.email ?? '—'}</td>
                    <td>{formatDateTimeFr(inv.createdAt)}</td>
                    <td>{formatDateTimeFr(inv.expiresAt)}</td>
                    <td>
                      <span className={`status status-${inv.status}`}>{STATUS_LABELS[inv.status]}</span>
                      {inv.usedAt ? <span className="hint"> le {formatDateFr(inv.usedAt)}</span> : null}
                    </td>
                    <td>
                      {links[inv.id] && inv.status === 'active' ? (
                        <button
                          type="button"
                          className="btn btn-secondary"
                          onClick={() => void copy(links[inv.id] ?? '')}
                        >
                          Copier le lien<span className="visually-hidden"> de l’invitation {inv.email ?? inv.id}</span>
                        </button>
                      ) : (
                        <span className="hint">Affiché seulement à la création</span>
                      )}
                    </td>
                    <td>
                      {inv.email && inv.status !== 'used' ? (
                        <button
                          type="button"
                          className="btn btn-secondary"
                          disabled={resending !== null}
                          aria-busy={resending === inv.id}
                          onClick={() => void resend(inv)}
                        >
                          Renvoyer l’invitation<span className="visually-hidden"> à {inv.email}</span>
                        </button>
                      ) : (
                        <span className="hint">—</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>

        <section aria-labelledby="stats-title" className="card">
          <h2 id="stats-title">Statistiques mensuelles</h2>
          <FormMessage message={statsError} />
          {stats ? (
            <>
              <div className="table-scroll">
                <table>
                  <caption className="visually-hidden">Formulaires reçus ce mois-ci par pharmacie</caption>
                  <TableHead columns={STATS_COLUMNS} />
                  <tbody>
                    {stats.length === 0 ? <EmptyRow columns={STATS_COLUMNS.length} text="Aucune pharmacie." /> : null}
                    {stats.map((p) => (
                      <tr key={p.clientName}>
                        <th scope="row">
                          {p.clientName}
                          <span className="hint"> ({p.nom})</span>
                        </th>
                        <td>{p.email}</td>
                        <td>{p.totalThisMonth}</td>
                        <td>
                          <label className="chart-choice">
                            <input
                              type="checkbox"
                              checked={drawn.includes(p.clientName)}
                              onChange={(e) => toggleLine(p.clientName, e.target.checked)}
                            />
                            <span>
                              Afficher<span className="visually-hidden"> {p.nom} sur le graphique</span>
                            </span>
                          </label>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <MonthlyChart
                title="Formulaires reçus, toutes pharmacies, sur les 12 derniers mois"
                data={totals}
                lines={stats.filter((p) => drawn.includes(p.clientName)).map((p) => ({ name: p.nom, data: p.months }))}
              />
              <button
                type="button"
                className="btn btn-secondary"
                disabled={exporting}
                aria-busy={exporting}
                onClick={() => void exportStats()}
              >
                Télécharger les chiffres mensuels (Excel)
              </button>
            </>
          ) : null}
        </section>

        <section aria-labelledby="failed-title" className="card">
          <h2 id="failed-title">E-mails non distribués</h2>
          {failed.length === 0 ? (
            <p>Aucun e-mail en échec définitif.</p>
          ) : (
            <div className="table-scroll">
              <table>
                <TableHead columns={['Date', 'Destinataire', 'Objet', 'Tentatives', 'Dernière erreur']} />
                <tbody>
                  {failed.map((m) => (
                    <tr key={m.id}>
                      <td>{formatDateTimeFr(m.createdAt)}</td>
                      <td>{m.to}</td>
                      <td>{m.subject}</td>
                      <td>{m.attempts}</td>
                      <td>{m.lastError ?? '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </div>
    </main>
  );
}

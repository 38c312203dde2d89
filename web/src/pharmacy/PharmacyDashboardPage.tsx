import { paris } from '@bilan/engine';
import { useCallback, useEffect, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { Link } from '../routing/Link';
import { ApiError } from '../api/client';
import { pharmacyApi, type FormQuery, type FormSort, type GroupedForms } from './pharmacyApi';
import { DashboardHero } from '../staff/DashboardHero';
import { FormCard } from './FormCard';
import { HandToPatient } from './HandToPatient';
import { MonthSelect } from './MonthSelect';
import { FormMessage } from '../ui/FormMessage';
import { MSG } from '../staff/messages';
import { useFormDownloads } from './useFormDownloads';
import { useNewForms } from './useNewForms';
import { usePharmacyPage } from './usePharmacyPage';
import { useLogout } from '../staff/useLogout';
import '../staff/dashboard.css';
import './pharmacy.css';

const SORTS: { value: FormSort; label: string }[] = [
  { value: 'priority', label: 'Priorités d’abord' },
  { value: 'date', label: 'Plus récents d’abord' },
  { value: 'name', label: 'Nom (A à Z)' },
];

/** What an empty list says: the month, the search, or nothing yet. */
function emptyText(data: GroupedForms, q: string): string {
  if (q.trim())
    return `Aucun questionnaire ne correspond à «\u00a0${q.trim()}\u00a0»${data.scope === 'month' ? ` en ${paris.frenchMonth(data.month)}` : ''}.`;
  return data.scope === 'month'
    ? `Aucun questionnaire en ${paris.frenchMonth(data.month)}.`
    : 'Aucun questionnaire reçu pour l’instant.';
}

/**
 * The pharmacist's list, the screen opened twenty times a day: forms to see first, then the
 * others, as cards that fit a phone; search, month, sort and pages are the server's. New forms
 * appear on their own with a notice.
 */
export function PharmacyDashboardPage() {
  const { signedIn, account, redirect, onAuthFailure, basePath } = usePharmacyPage();
  const logout = useLogout();
  const downloads = useFormDownloads();
  const [query, setQuery] = useState<FormQuery>({ q: '', month: '', page: 1, sort: 'priority' });
  const [reloads, setReloads] = useState(0);
  const [data, setData] = useState<GroupedForms | null>(null);
  // This month on the server's calendar: what it answers for a list asked without a month.
  const [thisMonth, setThisMonth] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const reload = useCallback(() => setReloads((n) => n + 1), []);
  const [arrived, dismissArrived] = useNewForms(signedIn, reload);

  useEffect(() => {
    if (!signedIn) return;
    let active = true;
    // The search waits for a pause in typing; the other choices apply at once.
    const timer = setTimeout(
      () => {
        pharmacyApi
          .grouped({ ...query, q: query.q.trim() })
          .then((answer) => {
            if (!active) return;
            setData(answer);
            if (query.month === '' && answer.scope === 'month') setThisMonth(answer.month);
            setLoadError(null);
          })
          .catch((err: unknown) => {
            if (!active || onAuthFailure(err)) return;
            setLoadError(err instanceof ApiError && err.message ? err.message : MSG.genericError);
          });
      },
      query.q ? 300 : 0,
    );
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [signedIn, query, reloads, onAuthFailure]);

  if (redirect || !signedIn || !account) return <Navigate to={redirect ?? '/login'} replace />;

  const change = (patch: Partial<FormQuery>) => setQuery((q) => ({ ...q, page: 1, ...patch }));
  const records = data?.records ?? [];
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const monthName = data ? paris.frenchMonth(data.month) : '';

  return (
    <main id="main" className="dashboard">
      <DashboardHero titleId="dash-title" title="Tableau de bord" subtitle={account.nom} onLogout={() => void logout()}>
        <HandToPatient pharmacyName={account.name} />
        <Link className="btn btn-secondary dashboard-hero-button" to={`${basePath}/affiche`}>
          Affiche et lien
        </Link>
      </DashboardHero>

      <div className="container dashboard-body">
        <section aria-labelledby="forms-title" className="card">
          <h2 id="forms-title">Questionnaires reçus</h2>

          <div role="status" className="new-forms-notice">
            {arrived ? (
              <>
                <span>Nouveau questionnaire reçu.</span>{' '}
                <button type="button" className="btn btn-link" onClick={dismissArrived}>
                  Masquer<span className="visually-hidden"> l’avis</span>
                </button>
              </>
            ) : null}
          </div>

          {data ? (
            // Short words on one line (a phone shows the first card without scrolling); the month
            // is read out to screen readers, shown once in the month field below.
            <dl className="dashboard-counts">
              <div className={data.counts.urgent > 0 ? 'count-urgent' : undefined}>
                <dt>Urgent</dt>
                <dd>{data.counts.urgent}</dd>
              </div>
              <div className={data.counts.review > 0 ? 'count-review' : undefined}>
                <dt>À voir</dt>
                <dd>{data.counts.review}</dd>
              </div>
              <div>
                <dt>
                  Reçus<span className="visually-hidden"> en {monthName}</span>
                </dt>
                <dd>{data.counts.month}</dd>
              </div>
              {data.counts.today !== null ? (
                <div>
                  <dt>Aujourd’hui</dt>
                  <dd>{data.counts.today}</dd>
                </div>
              ) : null}
              <div>
                <dt>
                  Réalisés<span className="visually-hidden"> en {monthName}</span>
                </dt>
                <dd>{data.counts.done}</dd>
              </div>
            </dl>
          ) : (
            <p role="status">Chargement…</p>
          )}

          <form className="dashboard-filters" role="search" onSubmit={(e) => e.preventDefault()}>
            <div className="field">
              <label htmlFor="dash-search">Rechercher (prénom, nom ou date de naissance)</label>
              <input
                id="dash-search"
                type="search"
                value={query.q}
                onChange={(e) => change({ q: e.target.value })}
                autoComplete="off"
                placeholder="ex. Hélène, Durand, 02/05/1978"
              />
            </div>
            <div className="field">
              <label htmlFor="dash-month">Mois</label>
              <MonthSelect
                id="dash-month"
                value={query.month === 'all' ? '' : query.month || (data?.month ?? '')}
                current={thisMonth ?? paris.isoDay(new Date()).slice(0, 7)}
                disabled={query.month === 'all'}
                onChange={(month) => change({ month })}
              />
            </div>
            <div className="field field-check">
              <input
                id="dash-all"
                type="checkbox"
                checked={query.month === 'all'}
                onChange={(e) => change({ month: e.target.checked ? 'all' : '' })}
              />
              <label htmlFor="dash-all">Tous les mois</label>
            </div>
            <div className="field">
              <label htmlFor="dash-sort">Trier</label>
              <select id="dash-sort" value={query.sort} onChange={(e) => change({ sort: e.target.value as FormSort })}>
                {SORTS.map((s) => (
                  <option key={s.value} value={s.value}>
                    {s.label}
                  </option>
                ))}
              </select>
            </div>
          </form>

          <FormMessage message={loadError} />

          {data && records.length === 0 ? <p className="empty-list">{emptyText(data, query.q)}</p> : null}
          <ul className="form-cards" aria-label="Questionnaires">
            {records.map((r) => (
              <FormCard
                key={r.id}
                record={r}
                basePath={basePath}
                busy={downloads.busy}
                onPdf={(form, kind) => void downloads.pdf(form.id, kind, form)}
              />
            ))}
          </ul>

          {data && data.total > data.pageSize ? (
            <nav className="pagination" aria-label="Pages">
              <button
                type="button"
                className="btn btn-secondary"
                disabled={data.page <= 1}
                onClick={() => setQuery((q) => ({ ...q, page: q.page - 1 }))}
              >
                Page précédente
              </button>
              <span aria-live="polite">
                Page {data.page} sur {pages} ({data.total} questionnaires)
              </span>
              <button
                type="button"
                className="btn btn-secondary"
                disabled={data.page >= pages}
                onClick={() => setQuery((q) => ({ ...q, page: q.page + 1 }))}
              >
                Page suivante
              </button>
            </nav>
          ) : null}

          <button
            type="button"
            className="btn btn-primary"
            disabled={downloads.busy !== null}
            aria-busy={downloads.busy === 'export'}
            onClick={() => void downloads.exportData(account.name)}
          >
            Exporter les données (Excel)
          </button>
        </section>

        {data ? (
          <section aria-labelledby="acts-title" className="card">
            <h2 id="acts-title">Actes du mois</h2>
            <p className="hint">
              Les actes «{'\u00a0'}Bilan prévention{'\u00a0'}» (RDP) de {paris.frenchMonth(data.month)}, avec leur
              statut et les totaux par statut, pour le rapprochement avec votre logiciel de facturation.
            </p>
            <div className="form-card-actions">
              <button
                type="button"
                className="btn btn-primary"
                disabled={downloads.busy !== null}
                aria-busy={downloads.busy === 'acts-xlsx'}
                onClick={() => void downloads.acts(account.name, data.month, 'xlsx')}
              >
                Actes du mois (Excel)
              </button>
              <button
                type="button"
                className="btn btn-secondary"
                disabled={downloads.busy !== null}
                aria-busy={downloads.busy === 'acts-csv'}
                onClick={() => void downloads.acts(account.name, data.month, 'csv')}
              >
                Actes du mois (CSV)
              </button>
            </div>
          </section>
        ) : null}
      </div>
    </main>
  );
}

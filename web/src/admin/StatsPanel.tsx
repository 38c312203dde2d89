import { useState } from 'react';
import { MSG } from '../staff/messages';
import { saveDownload } from '../staff/saveDownload';
import { EmptyRow } from '../ui/EmptyRow';
import { FormMessage } from '../ui/FormMessage';
import { TableHead } from '../ui/TableHead';
import { adminApi, type PharmacyStats } from './adminApi';
import { MonthlyChart } from './MonthlyChart';
import { useAdminData } from './useAdminData';

const COLUMNS = ['Pharmacie', 'E-mail', 'Formulaires ce mois-ci', 'Courbe'];

/** Sum over pharmacies, month by month (the rows share the same 12 months). */
function monthlyTotals(rows: PharmacyStats[]): { month: string; total: number }[] {
  const totals = new Map<string, number>();
  for (const row of rows) for (const m of row.months) totals.set(m.month, (totals.get(m.month) ?? 0) + m.total);
  return [...totals.entries()].map(([month, total]) => ({ month, total }));
}

/** « Statistiques mensuelles »: forms per pharmacy, the chart (any pharmacy drawn over it), the export. */
export function StatsPanel({ revision }: { revision: number }) {
  const { data: stats, failed } = useAdminData(adminApi.stats, revision);
  const [drawn, setDrawn] = useState<string[]>([]);
  const [exporting, setExporting] = useState(false);

  const exportStats = () =>
    saveDownload(() => adminApi.statsExport(), 'chiffres_mensuels.xlsx', {
      busy: setExporting,
      failure: () => MSG.exportFailed,
    });
  const toggleLine = (name: string, on: boolean) =>
    setDrawn((prev) => (on ? [...prev, name] : prev.filter((n) => n !== name)));

  return (
    <section aria-labelledby="stats-title" className="card">
      <h2 id="stats-title">Statistiques mensuelles</h2>
      <FormMessage message={failed ? MSG.adminFailed : null} />
      {stats ? (
        <>
          <div className="table-scroll">
            <table>
              <caption className="visually-hidden">Formulaires reçus ce mois-ci par pharmacie</caption>
              <TableHead columns={COLUMNS} />
              <tbody>
                {stats.length === 0 ? <EmptyRow columns={COLUMNS.length} text="Aucune pharmacie." /> : null}
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
            data={monthlyTotals(stats)}
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
  );
}

import { useId } from 'react';
import { TableHead } from '../ui/TableHead';

interface Props {
  title: string;
  data: { month: string; total: number }[];
}

function shortMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  if (!y || !m) return month;
  return new Date(Date.UTC(y, m - 1, 15)).toLocaleDateString('fr-FR', { month: 'short', year: '2-digit', timeZone: 'UTC' });
}

function longMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  if (!y || !m) return month;
  return new Date(Date.UTC(y, m - 1, 15)).toLocaleDateString('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/**
 * A bar chart of monthly totals. The SVG is one image with a text summary for screen readers;
 * the same figures follow in a table, which is the accessible way to read each value.
 */
export function MonthlyChart({ title, data }: Props) {
  const id = useId();
  const max = Math.max(1, ...data.map((d) => d.total));
  const width = 640;
  const height = 220;
  const top = 20;
  const bottom = 40;
  const left = 8;
  const slot = (width - left * 2) / Math.max(1, data.length);
  const barWidth = slot * 0.6;
  const plot = height - top - bottom;
  const total = data.reduce((sum, d) => sum + d.total, 0);
  const summary = `${total} formulaire${total > 1 ? 's' : ''} sur ${data.length} mois\u00a0; maximum ${max === 1 && total === 0 ? 0 : max} sur un mois.`;

  return (
    <figure className="monthly-chart">
      <figcaption id={`${id}-title`}>{title}</figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={`${id}-title ${id}-desc`} className="monthly-chart-svg">
        <desc id={`${id}-desc`}>{summary}</desc>
        <line x1={left} x2={width - left} y1={top + plot} y2={top + plot} stroke="#52606d" strokeWidth={1} />
        {data.map((d, i) => {
          const h = (d.total / max) * plot;
          const x = left + i * slot + (slot - barWidth) / 2;
          return (
            <g key={d.month} aria-hidden="true">
              <rect x={x} y={top + plot - h} width={barWidth} height={h} fill="#00695c" rx={3} />
              <text x={x + barWidth / 2} y={top + plot - h - 4} textAnchor="middle" fontSize={12} fill="#1f2933">
                {d.total}
              </text>
              <text x={x + barWidth / 2} y={height - bottom + 18} textAnchor="middle" fontSize={11} fill="#1f2933">
                {shortMonth(d.month)}
              </text>
            </g>
          );
        })}
      </svg>
      <details className="monthly-chart-data">
        <summary>Voir les données du graphique</summary>
        <table>
          <caption className="visually-hidden">{title}</caption>
          <TableHead columns={['Mois', 'Formulaires']} />
          <tbody>
            {data.map((d) => (
              <tr key={d.month}>
                <th scope="row">{longMonth(d.month)}</th>
                <td>{d.total}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

import { paris } from '@bilan/engine';
import { useId } from 'react';
import { TableHead } from '../ui/TableHead';

interface Series {
  name: string;
  data: { month: string; total: number }[];
}

interface Props {
  title: string;
  data: { month: string; total: number }[];
  /** Series drawn as lines over the bars (one per pharmacy chosen), each with its legend entry. */
  lines?: Series[];
}

const SHORT_MONTHS = [
  'janv.',
  'févr.',
  'mars',
  'avr.',
  'mai',
  'juin',
  'juil.',
  'août',
  'sept.',
  'oct.',
  'nov.',
  'déc.',
];
// Colour and dash together, so two lines differ without relying on colour alone.
const LINE_STYLES = [
  { stroke: '#1a4f9c', dash: '' },
  { stroke: '#b3261e', dash: '6 4' },
  { stroke: '#6b4c00', dash: '2 3' },
  { stroke: '#5b2a86', dash: '10 3 2 3' },
  { stroke: '#1f2933', dash: '1 2' },
];

function shortMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  const name = m ? SHORT_MONTHS[m - 1] : undefined;
  return y && name ? `${name}\u00a0${String(y).slice(-2)}` : month;
}

/**
 * A bar chart of monthly totals. The SVG is one image with a text summary for screen readers;
 * the same figures follow in a table, which is the accessible way to read each value.
 */
export function MonthlyChart({ title, data, lines = [] }: Props) {
  const id = useId();
  const max = Math.max(1, ...data.map((d) => d.total), ...lines.flatMap((l) => l.data.map((d) => d.total)));
  const width = 640;
  const height = 220;
  const top = 20;
  const bottom = 40;
  const left = 8;
  const slot = (width - left * 2) / Math.max(1, data.length);
  const barWidth = slot * 0.6;
  const plot = height - top - bottom;
  const total = data.reduce((sum, d) => sum + d.total, 0);
  const summary = `${total} formulaire${total > 1 ? 's' : ''} sur ${data.length} mois\u00a0; maximum ${max === 1 && total === 0 ? 0 : max} sur un mois.${
    lines.length > 0
      ? ` Courbes\u00a0: ${lines.map((l) => `${l.name} (${l.data.reduce((sum, d) => sum + d.total, 0)})`).join(', ')}.`
      : ''
  }`;
  const pointOf = (month: string, value: number) => {
    const i = data.findIndex((d) => d.month === month);
    return `${left + i * slot + slot / 2},${top + plot - (value / max) * plot}`;
  };

  return (
    <figure className="monthly-chart">
      <figcaption id={`${id}-title`}>{title}</figcaption>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        className="monthly-chart-svg"
      >
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
        {lines.map((line, n) => {
          const style = LINE_STYLES[n % LINE_STYLES.length] ?? LINE_STYLES[0];
          const points = line.data
            .filter((d) => data.some((b) => b.month === d.month))
            .map((d) => pointOf(d.month, d.total));
          return (
            <g key={line.name} aria-hidden="true">
              <polyline
                points={points.join(' ')}
                fill="none"
                stroke={style?.stroke}
                strokeWidth={2.5}
                strokeDasharray={style?.dash || undefined}
              />
              {points.map((p) => {
                const [x, y] = p.split(',').map(Number);
                return <circle key={p} cx={x} cy={y} r={3.5} fill={style?.stroke} />;
              })}
            </g>
          );
        })}
      </svg>
      {lines.length > 0 ? (
        <ul className="monthly-chart-legend" aria-label="Légende des courbes">
          <li>
            <span className="legend-bar" aria-hidden="true" /> Toutes pharmacies (barres)
          </li>
          {lines.map((line, n) => {
            const style = LINE_STYLES[n % LINE_STYLES.length] ?? LINE_STYLES[0];
            return (
              <li key={line.name}>
                <svg width="32" height="10" aria-hidden="true">
                  <line
                    x1="0"
                    x2="32"
                    y1="5"
                    y2="5"
                    stroke={style?.stroke}
                    strokeWidth={2.5}
                    strokeDasharray={style?.dash || undefined}
                  />
                </svg>{' '}
                {line.name}
              </li>
            );
          })}
        </ul>
      ) : null}
      <details className="monthly-chart-data">
        <summary>Voir les données du graphique</summary>
        <table>
          <caption className="visually-hidden">{title}</caption>
          <TableHead columns={['Mois', 'Formulaires', ...lines.map((l) => l.name)]} />
          <tbody>
            {data.map((d) => (
              <tr key={d.month}>
                <th scope="row">{paris.frenchMonth(d.month)}</th>
                <td>{d.total}</td>
                {lines.map((l) => (
                  <td key={l.name}>{l.data.find((x) => x.month === d.month)?.total ?? 0}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

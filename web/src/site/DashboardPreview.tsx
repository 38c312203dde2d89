import { TableHead } from '../ui/TableHead';
import './site.css';
import './dashboardPreview.css';

// Invented rows, labelled as such on screen: the preview must never pass for real patients.
const ROWS = [
  { name: 'Exemple A.', band: '45-50 ans', date: '03/06/2025' },
  { name: 'Exemple B.', band: '18-25 ans', date: '02/06/2025' },
  { name: 'Exemple C.', band: '70-75 ans', date: '02/06/2025' },
];

/** Static mock-up of the pharmacist's dashboard, with clearly fictitious data. */
export function DashboardPreview() {
  return (
    <figure className="dashboard-preview" aria-labelledby="preview-caption">
      <div className="preview-window">
        <div className="preview-bar" aria-hidden="true">
          <span />
          <span />
          <span />
        </div>
        <div className="preview-body">
          <p className="preview-title">Tableau de bord — Pharmacie Exemple</p>
          <div className="preview-stats">
            <p>
              <span className="preview-stat-label">Aujourd’hui</span> <span className="preview-stat-value">2</span>
            </p>
            <p>
              <span className="preview-stat-label">Ce mois-ci</span> <span className="preview-stat-value">12</span>
            </p>
          </div>
          <table className="preview-table">
            <caption className="visually-hidden">Formulaires reçus (exemple fictif)</caption>
            <TableHead
              columns={[
                'Patient',
                { key: 'band', label: 'Tranche d’âge', className: 'preview-col-band' },
                'Date',
                'Documents',
              ]}
            />
            <tbody>
              {ROWS.map((row) => (
                <tr key={row.name}>
                  <td>{row.name}</td>
                  <td className="preview-col-band">{row.band}</td>
                  <td>{row.date}</td>
                  <td>
                    <span className="preview-chip">Questionnaire.pdf</span>{' '}
                    <span className="preview-chip">Bilan.pdf</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
      <figcaption id="preview-caption">
        Aperçu illustratif du tableau de bord&nbsp;: les noms, dates et chiffres sont fictifs.
      </figcaption>
    </figure>
  );
}

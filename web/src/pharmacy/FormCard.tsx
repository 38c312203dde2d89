import { deName, paris } from '@bilan/engine';
import { Link } from '../routing/Link';
import type { FormRecord } from './pharmacyApi';
import { AGE_LABELS } from './ageLabels';
import { FormStatus } from './FormStatus';
import { TriageBadges } from './TriageBadges';

interface Props {
  record: FormRecord;
  basePath: string;
  busy: string | null;
  onPdf: (record: FormRecord, kind: 'formulaire' | 'bilan') => void;
}

/** One received form as a card: who, when, its triage and status, and its documents. */
export function FormCard({ record: r, basePath, busy, onPdf }: Props) {
  const who = `${r.prenom} ${r.nom}`;
  return (
    // A form keeps its level once its bilan is done (D32); only a form still waiting is framed.
    <li className={`form-card${r.triage && !r.bilanDoneAt ? ` form-card-${r.triage}` : ''}`}>
      <article aria-labelledby={`form-${r.id}`}>
        <h3 id={`form-${r.id}`} className="form-card-name">
          <Link to={`${basePath}/formulaires/${r.id}`}>
            {r.nom} {r.prenom}
          </Link>
        </h3>
        <TriageBadges flags={r.flags} />
        <p className="form-card-facts">
          <span>Né(e) le {paris.frenchDate(r.date_naissance)}</span>
          <span>{AGE_LABELS[r.ageGroup] ?? r.ageGroup}</span>
          <span>Reçu le {paris.numericDateTime(r.date_formulaire)}</span>
        </p>
        <p className="form-card-status">
          <FormStatus bilanDoneAt={r.bilanDoneAt} />
        </p>
        <div className="form-card-actions">
          <Link className="btn btn-primary" to={`${basePath}/formulaires/${r.id}`}>
            Ouvrir<span className="visually-hidden"> le questionnaire {deName(who)}</span>
          </Link>
          <button
            type="button"
            className="btn btn-secondary"
            disabled={busy !== null}
            onClick={() => onPdf(r, 'formulaire')}
          >
            Questionnaire.pdf<span className="visually-hidden"> {deName(who)}</span>
          </button>
          <button
            type="button"
            className="btn btn-secondary"
            disabled={busy !== null}
            onClick={() => onPdf(r, 'bilan')}
          >
            Bilan.pdf<span className="visually-hidden"> {deName(who)}</span>
          </button>
        </div>
      </article>
    </li>
  );
}

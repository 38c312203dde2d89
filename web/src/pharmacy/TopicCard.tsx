import { TRIAGE_LABELS, type TriageLevel } from '@bilan/engine';
import type { PlanView } from './pharmacyApi';
import { PhoneText } from '../ui/PhoneText';

type Topic = PlanView['topics'][number];

interface Props {
  topic: Topic;
  chosen: boolean;
  /** Three priorities are chosen: another one cannot be ticked. */
  full: boolean;
  onToggle: (chosen: boolean) => void;
}

/**
 * One point of the report at the counter: what the patient reads with the pharmacist (title,
 * advice, why, source) and, apart and marked so, what only the pharmacist reads (« Au comptoir »).
 */
export function TopicCard({ topic, chosen, full, onToggle }: Props) {
  const id = `topic-${topic.key.replace(/[^a-z0-9-]/gi, '-')}`;
  return (
    <li className={`finding topic-card${chosen ? ' topic-chosen' : ''}`}>
      <h4 id={`${id}-title`}>
        {topic.triage ? (
          <strong className={`triage-badge triage-badge-${topic.triage}`}>
            {TRIAGE_LABELS[topic.triage as TriageLevel]}
          </strong>
        ) : null}{' '}
        <span className="finding-level">{topic.levelLabel}</span> {topic.title}
      </h4>
      <p>{topic.advice}</p>
      {topic.why ? <p className="hint">{topic.why}</p> : null}
      <p className="hint">{topic.source}</p>
      {topic.guidance ? (
        <div className="pharmacist-only counter-guidance" role="note" aria-label="Au comptoir, réservé au pharmacien">
          <p className="pharmacist-only-label">Réservé au pharmacien</p>
          <p>
            <strong>Au comptoir{'\u00a0'}: </strong>
            <PhoneText text={topic.guidance} phones={topic.guidancePhones} />
          </p>
        </div>
      ) : null}
      <div className="field field-check">
        <input
          id={`${id}-chosen`}
          type="checkbox"
          checked={chosen}
          disabled={!chosen && full}
          aria-describedby={!chosen && full ? 'priorities-full' : undefined}
          onChange={(e) => onToggle(e.target.checked)}
        />
        <label htmlFor={`${id}-chosen`}>
          Retenir comme priorité<span className="visually-hidden"> : {topic.title}</span>
        </label>
      </div>
    </li>
  );
}

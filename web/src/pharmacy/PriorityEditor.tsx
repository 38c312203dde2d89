import type { PlanPriority } from '@bilan/engine';
import type { PlanView } from './pharmacyApi';

type Topic = PlanView['topics'][number];

interface Props {
  index: number;
  priority: PlanPriority;
  topic: Topic;
  today: string;
  onChange: (next: PlanPriority) => void;
}

/** One priority retained with the patient: its actions, « Mon objectif », what may get in the way, the follow-up date. */
export function PriorityEditor({ index, priority: p, topic, today, onChange }: Props) {
  const id = `priority-${index}`;
  const set = (patch: Partial<PlanPriority>) => onChange({ ...p, ...patch });
  return (
    <section className="card priority-editor" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>
        Priorité {index + 1}
        {'\u00a0'}: {topic.title}
      </h3>
      <fieldset>
        <legend>Actions</legend>
        {topic.actions.length === 0 ? <p className="hint">Aucune action proposée pour ce point.</p> : null}
        {topic.actions.map((a) => (
          <div className="field field-check" key={a.id}>
            <input
              id={`${id}-action-${a.id}`}
              type="checkbox"
              checked={p.actions.includes(a.id)}
              onChange={(e) =>
                set({ actions: e.target.checked ? [...p.actions, a.id] : p.actions.filter((x) => x !== a.id) })
              }
            />
            <label htmlFor={`${id}-action-${a.id}`}>{a.label}</label>
          </div>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-goal`}>Mon objectif</label>
        <textarea
          id={`${id}-goal`}
          rows={2}
          maxLength={500}
          value={p.goal}
          onChange={(e) => set({ goal: e.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-obstacles`}>Ce qui pourrait me freiner</label>
        <textarea
          id={`${id}-obstacles`}
          rows={2}
          maxLength={500}
          value={p.obstacles}
          onChange={(e) => set({ obstacles: e.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-follow-up`}>Date de suivi</label>
        <input
          id={`${id}-follow-up`}
          type="date"
          min={today}
          value={p.followUp ?? ''}
          onChange={(e) => set({ followUp: e.target.value || null })}
        />
      </div>
      {topic.sensitive ? (
        <div className="field field-check">
          <input
            id={`${id}-patient-copy`}
            type="checkbox"
            checked={p.onPatientCopy}
            onChange={(e) => set({ onPatientCopy: e.target.checked })}
          />
          <label htmlFor={`${id}-patient-copy`}>
            Inclure sur la copie du patient (point sensible, absent de sa copie sinon)
          </label>
        </div>
      ) : null}
    </section>
  );
}

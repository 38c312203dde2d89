import { PLAN_LIMITS, paris, type PlanContent, type PlanPriority } from '@bilan/engine';
import { useState } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { Link } from '../routing/Link';
import { ApiError } from '../api/client';
import { notifications } from '../notifications/notificationStore';
import { DashboardHero } from '../staff/DashboardHero';
import { FormMessage } from '../ui/FormMessage';
import { MSG } from '../staff/messages';
import { useLogout } from '../staff/useLogout';
import { pharmacyApi, type PlanView } from './pharmacyApi';
import { PriorityEditor } from './PriorityEditor';
import { TopicCard } from './TopicCard';
import { storedDraft, usePlanSaver, type SaveStatus } from './usePlanSaver';
import { usePharmacyPage } from './usePharmacyPage';
import { formIdOf, useFormResource } from './useFormResource';
import { useFormDownloads } from './useFormDownloads';
import '../staff/dashboard.css';
import './pharmacy.css';

const STATUS_TEXT: Record<Exclude<SaveStatus['kind'], 'refused'>, string> = {
  saved: 'Enregistré',
  saving: 'Enregistrement…',
  offline: 'Hors connexion – réessai…',
  conflict: 'Modifié sur un autre appareil',
};

type Topic = PlanView['topics'][number];

/** The report's points grouped as the counter reads them: urgent, to see, the others, then vaccines and screenings. */
function groupsOf(topics: readonly Topic[]): Array<{ title: string; topics: Topic[] }> {
  return [
    { title: 'Urgent', topics: topics.filter((t) => t.triage === 'urgent') },
    { title: 'À voir', topics: topics.filter((t) => t.triage === 'review') },
    { title: 'Autres points du bilan', topics: topics.filter((t) => t.kind === 'finding' && !t.triage) },
    { title: 'Vaccins et dépistages', topics: topics.filter((t) => t.kind === 'due') },
  ].filter((g) => g.topics.length > 0);
}

const newPriority = (topic: string): PlanPriority => ({
  topic,
  actions: [],
  goal: '',
  obstacles: '',
  followUp: null,
  onPatientCopy: false,
});

/** The consultation once the plan is read: the points, the priorities retained, the pharmacist's notes, the patient's choices. */
function Consultation({ view, formId, basePath }: { view: PlanView; formId: number; basePath: string }) {
  const draft = storedDraft(formId);
  const saver = usePlanSaver(formId, {
    revision: draft?.revision ?? view.revision,
    content: draft?.content ?? view.content,
    dirty: draft !== null,
  });
  const [versions, setVersions] = useState(view.versions);
  const [finalizing, setFinalizing] = useState(false);
  const downloads = useFormDownloads();
  const who = `${view.prenom} ${view.nom}`;
  const plan = saver.content;
  const byKey = new Map(view.topics.map((t) => [t.key, t]));
  const full = plan.priorities.length >= PLAN_LIMITS.priorities;
  const update = (patch: Partial<PlanContent>) => saver.setContent({ ...plan, ...patch });

  function toggle(key: string, chosen: boolean) {
    update({
      priorities: chosen ? [...plan.priorities, newPriority(key)] : plan.priorities.filter((p) => p.topic !== key),
    });
  }

  async function resolve(keepMine: boolean) {
    try {
      const server = await pharmacyApi.plan(formId);
      saver.resolveConflict({ revision: server.revision, content: server.content }, keepMine);
    } catch {
      notifications.error(MSG.genericError);
    }
  }

  async function finalize() {
    setFinalizing(true);
    try {
      const { revision, saved } = await saver.flush();
      if (!saved) {
        notifications.error(
          'Le plan n’est pas encore enregistré\u00a0: il sera finalisé une fois la connexion revenue.',
        );
        return;
      }
      const done = await pharmacyApi.finalizePlan(formId, revision);
      setVersions((v) => [...v, done]);
      notifications.info(`Plan finalisé\u00a0: version ${done.version}.`);
    } catch (err) {
      notifications.error(err instanceof ApiError && err.message ? err.message : MSG.genericError);
    } finally {
      setFinalizing(false);
    }
  }

  const status = saver.status;
  const choice = (key: keyof PlanContent['choices'], checked: boolean) =>
    update({ choices: { ...plan.choices, [key]: checked ? view.today : null } });

  return (
    <>
      <p role="status" className={`plan-status plan-status-${status.kind}`}>
        {status.kind === 'refused' ? status.message : STATUS_TEXT[status.kind]}
      </p>
      {status.kind === 'conflict' ? (
        <div className="card plan-conflict" role="alert">
          <p>Le plan a été modifié sur un autre appareil. Vos saisies sont gardées sur cet écran.</p>
          <div className="form-card-actions">
            <button type="button" className="btn btn-primary" onClick={() => void resolve(true)}>
              Garder mes saisies et les enregistrer
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => void resolve(false)}>
              Reprendre la version enregistrée
            </button>
          </div>
        </div>
      ) : null}

      <section aria-labelledby="topics-title" className="card">
        <h2 id="topics-title">Points du bilan</h2>
        <p className="hint" id="priorities-full">
          Priorités retenues avec le patient{'\u00a0'}: {plan.priorities.length} sur {PLAN_LIMITS.priorities} au plus.
        </p>
        {groupsOf(view.topics).map((group) => (
          <section key={group.title} aria-label={group.title} className="topic-group">
            <h3>{group.title}</h3>
            <ul className="findings">
              {group.topics.map((t) => (
                <TopicCard
                  key={t.key}
                  topic={t}
                  chosen={plan.priorities.some((p) => p.topic === t.key)}
                  full={full}
                  onToggle={(chosen) => toggle(t.key, chosen)}
                />
              ))}
            </ul>
          </section>
        ))}
      </section>

      <section aria-labelledby="priorities-title">
        <h2 id="priorities-title" className="section-title">
          Priorités retenues avec le patient
        </h2>
        {plan.priorities.length === 0 ? (
          <p className="card">
            Cochez «{'\u00a0'}Retenir comme priorité{'\u00a0'}» sur un à trois points du bilan.
          </p>
        ) : null}
        {plan.priorities.map((p, i) => {
          const topic = byKey.get(p.topic);
          return topic ? (
            <PriorityEditor
              key={p.topic}
              index={i}
              priority={p}
              topic={topic}
              today={view.today}
              onChange={(next) => update({ priorities: plan.priorities.map((x, j) => (j === i ? next : x)) })}
            />
          ) : null;
        })}
      </section>

      <section aria-labelledby="choices-title" className="card">
        <h2 id="choices-title">Choix du patient</h2>
        {(
          [
            ['copyHandedOver', 'Copie remise au patient'],
            ['doctorTransmission', 'Transmission au médecin traitant acceptée'],
            ['mesDeposit', 'Dépôt dans Mon espace santé accepté'],
          ] as const
        ).map(([key, label]) => (
          <div className="field field-check" key={key}>
            <input
              id={`choice-${key}`}
              type="checkbox"
              checked={plan.choices[key] !== null}
              onChange={(e) => choice(key, e.target.checked)}
            />
            <label htmlFor={`choice-${key}`}>
              {label}
              {plan.choices[key] ? ` le ${paris.frenchDate(plan.choices[key])}` : ''}
            </label>
          </div>
        ))}
      </section>

      <section aria-labelledby="notes-title" className="card pharmacist-only">
        <p className="pharmacist-only-label">Réservé au pharmacien</p>
        <h2 id="notes-title">Notes du pharmacien</h2>
        <div className="field">
          <label htmlFor="plan-notes">Jamais imprimées sur la copie du patient</label>
          <textarea
            id="plan-notes"
            rows={4}
            maxLength={PLAN_LIMITS.notes}
            value={plan.notes}
            onChange={(e) => update({ notes: e.target.value })}
          />
        </div>
      </section>

      <section aria-labelledby="finalize-title" className="card">
        <h2 id="finalize-title">Finaliser</h2>
        {versions.length > 0 ? (
          <ul>
            {versions.map((v) => (
              <li key={v.version}>
                Version {v.version} finalisée le {paris.numericDateTime(v.finalizedAt)}
              </li>
            ))}
          </ul>
        ) : (
          <p className="hint">Le plan n’a pas encore été finalisé.</p>
        )}
        <div className="form-card-actions">
          <button
            type="button"
            className="btn btn-primary"
            disabled={finalizing || status.kind === 'conflict'}
            aria-busy={finalizing}
            onClick={() => void finalize()}
          >
            Finaliser le plan
          </button>
          {versions.length > 0
            ? (
                [
                  ['patient', 'PPP - copie patient'],
                  ['medecin', 'PPP - copie médecin'],
                ] as const
              ).map(([copy, label]) => (
                <button
                  key={copy}
                  type="button"
                  className="btn btn-secondary"
                  disabled={downloads.busy !== null}
                  aria-busy={downloads.busy === `ppp-${copy}-${formId}`}
                  onClick={() => void downloads.planCopy(formId, copy, who)}
                >
                  {label}
                </button>
              ))
            : null}
          <Link className="btn btn-secondary" to={`${basePath}/formulaires/${formId}`}>
            Retour au questionnaire
          </Link>
        </div>
      </section>
    </>
  );
}

/**
 * « Entretien » (D33): the consultation at the counter, on a tablet with the patient beside the
 * pharmacist. The plan is saved as typed; what only the pharmacist reads is set apart.
 */
export function ConsultationPage() {
  const { formId = '' } = useParams();
  const { signedIn, account, redirect, onAuthFailure, basePath } = usePharmacyPage();
  const logout = useLogout();
  const id = formIdOf(formId);
  const { data: view, loadError } = useFormResource(signedIn, id, pharmacyApi.plan, onAuthFailure);

  if (redirect || !signedIn || !account) return <Navigate to={redirect ?? '/login'} replace />;
  const title = view ? `Entretien – ${view.prenom} ${view.nom}` : 'Entretien';
  return (
    <main id="main" className="dashboard consultation">
      <DashboardHero titleId="consultation-title" title={title} subtitle={account.nom} onLogout={() => void logout()}>
        <Link className="btn btn-secondary dashboard-hero-button" to={basePath}>
          Retour à la liste
        </Link>
      </DashboardHero>
      <div className="container dashboard-body">
        <FormMessage message={id === null ? 'Questionnaire introuvable.' : loadError} />
        {!view && !loadError && id !== null ? <p role="status">Chargement…</p> : null}
        {view && id !== null ? <Consultation view={view} formId={id} basePath={basePath} /> : null}
      </div>
    </main>
  );
}

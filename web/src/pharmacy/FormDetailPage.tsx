import { paris, TRIAGE_LABELS, TRIAGE_LEVELS, type TriageLevel } from '@bilan/engine';
import { Navigate, useParams } from 'react-router-dom';
import { Link } from '../routing/Link';
import { pharmacyApi, type FormView } from './pharmacyApi';
import { AGE_LABELS } from './ageLabels';
import { DashboardHero } from '../staff/DashboardHero';
import { FormMessage } from '../ui/FormMessage';
import { FormStatus } from './FormStatus';
import { ActPanel } from './ActPanel';
import { TriageBadges } from './TriageBadges';
import { useFormDownloads } from './useFormDownloads';
import { formIdOf, useFormResource } from './useFormResource';
import { usePharmacyPage } from './usePharmacyPage';
import { useLogout } from '../staff/useLogout';
import { PhoneText } from '../ui/PhoneText';
import '../staff/dashboard.css';
import './pharmacy.css';

/** What the pharmacist does at the counter for a finding (issue 31): on this page only, never on Bilan.pdf. */
interface CounterGuidance {
  text: string;
  phones: string[];
  source: string | null;
}

/**
 * A finding or a due item of the report: its level or status, what to do, why, and its source;
 * for a finding whose rule says so, the counter guidance first of all.
 */
function ReportItem({
  className = '',
  label,
  triage = null,
  title,
  text,
  why,
  source,
  guidance,
}: {
  className?: string;
  label: string;
  /** The finding's dashboard level (D32), when it has one. */
  triage?: TriageLevel | null;
  title: string;
  text: string;
  why: string;
  source: string;
  guidance?: CounterGuidance | null;
}) {
  return (
    <li className={`finding ${className}`}>
      <h3>
        {triage ? <strong className={`triage-badge triage-badge-${triage}`}>{TRIAGE_LABELS[triage]}</strong> : null}{' '}
        <span className="finding-level">{label}</span> {title}
      </h3>
      {guidance ? (
        <div className="counter-guidance" role="note" aria-label="Au comptoir">
          <p>
            <strong>Au comptoir{'\u00a0'}: </strong>
            <PhoneText text={guidance.text} phones={guidance.phones} />
          </p>
          {guidance.source ? <p className="hint">{guidance.source}</p> : null}
        </div>
      ) : null}
      <p>{text}</p>
      <p className="hint">{why}</p>
      <p className="hint">{source}</p>
    </li>
  );
}

/** The form's flagged findings with their level, urgent first (the report's order within a level). */
function flagsOf(form: FormView): Array<{ title: string; level: TriageLevel }> {
  return TRIAGE_LEVELS.flatMap((level) =>
    form.findings.filter((f) => f.triage === level).map((f) => ({ title: f.title, level })),
  );
}

/**
 * One form read at the counter: the patient, the report's findings with why and their source,
 * what is due, and every answer page by page; the PDFs one click away; « Bilan réalisé » records
 * the act (ActPanel: its status, its cancellation with a reason).
 */
export function FormDetailPage() {
  const { formId = '' } = useParams();
  const { signedIn, account, redirect, onAuthFailure, basePath } = usePharmacyPage();
  const logout = useLogout();
  const downloads = useFormDownloads();
  const id = formIdOf(formId);
  const { data: form, setData: setForm, loadError } = useFormResource(signedIn, id, pharmacyApi.form, onAuthFailure);

  if (redirect || !signedIn || !account) return <Navigate to={redirect ?? '/login'} replace />;

  const title = form ? `${form.prenom} ${form.nom}` : 'Questionnaire';
  return (
    <main id="main" className="dashboard">
      <DashboardHero titleId="form-title" title={title} subtitle={account.nom} onLogout={() => void logout()}>
        <Link className="btn btn-secondary dashboard-hero-button" to={basePath}>
          Retour à la liste
        </Link>
      </DashboardHero>
      <div className="container dashboard-body">
        <FormMessage message={id === null ? 'Questionnaire introuvable.' : loadError} />
        {!form && !loadError && id !== null ? <p role="status">Chargement…</p> : null}
        {form ? (
          <>
            <section aria-labelledby="patient-title" className="card">
              <h2 id="patient-title">Patient</h2>
              <TriageBadges flags={flagsOf(form)} />
              <dl className="form-facts">
                <div>
                  <dt>Nom</dt>
                  <dd>
                    {form.civilite} {form.prenom} {form.nom}
                  </dd>
                </div>
                <div>
                  <dt>Date de naissance</dt>
                  <dd>{paris.frenchDate(form.date_naissance)}</dd>
                </div>
                <div>
                  <dt>Questionnaire</dt>
                  <dd>{AGE_LABELS[form.ageGroup] ?? form.ageGroup}</dd>
                </div>
                <div>
                  <dt>Reçu le</dt>
                  <dd>{paris.numericDateTime(form.date_formulaire)}</dd>
                </div>
                <div>
                  <dt>Statut</dt>
                  <dd>
                    <FormStatus bilanDoneAt={form.bilanDoneAt} />
                  </dd>
                </div>
              </dl>
              <div className="form-card-actions">
                <Link className="btn btn-primary" to={`${basePath}/formulaires/${form.id}/entretien`}>
                  Commencer l’entretien
                </Link>
                <button
                  type="button"
                  className="btn btn-secondary"
                  disabled={downloads.busy !== null}
                  onClick={() => void downloads.pdf(form.id, 'formulaire', form)}
                >
                  Questionnaire.pdf
                </button>
                <button
                  type="button"
                  className="btn btn-secondary"
                  disabled={downloads.busy !== null}
                  onClick={() => void downloads.pdf(form.id, 'bilan', form)}
                >
                  Bilan.pdf
                </button>
              </div>
            </section>

            <ActPanel
              formId={form.id}
              onAuthFailure={onAuthFailure}
              onChange={(bilanDoneAt) => setForm({ ...form, bilanDoneAt })}
            />

            <section aria-labelledby="findings-title" className="card">
              <h2 id="findings-title">Points du bilan</h2>
              {form.findings.length === 0 ? <p>Aucun point particulier dans les réponses.</p> : null}
              <ul className="findings">
                {form.findings.map((f) => (
                  <ReportItem
                    key={f.id}
                    className={`finding-${f.level}`}
                    label={f.levelLabel}
                    triage={f.triage}
                    title={f.title}
                    text={f.advice}
                    why={f.why}
                    source={f.source}
                    guidance={
                      f.guidance ? { text: f.guidance, phones: f.guidancePhones, source: f.guidanceSource } : null
                    }
                  />
                ))}
              </ul>
            </section>

            {form.due.length > 0 || form.upcoming ? (
              <section aria-labelledby="due-title" className="card">
                <h2 id="due-title">Vaccins et dépistages</h2>
                <ul className="findings">
                  {form.due.map((d) => (
                    <ReportItem
                      key={d.id}
                      label={d.status}
                      title={d.title}
                      text={d.schedule}
                      why={d.why}
                      source={d.source}
                    />
                  ))}
                </ul>
                {form.upcoming ? <p className="upcoming">{form.upcoming}</p> : null}
              </section>
            ) : null}

            <section aria-labelledby="answers-title" className="card">
              <h2 id="answers-title">Réponses</h2>
              {form.pages.map((page) => (
                <section key={page.title} className="answers-page" aria-label={page.title}>
                  <h3>{page.title}</h3>
                  {page.parts.map((part, i) => (
                    <div key={i}>
                      {part.heading ? <h4>{part.heading}</h4> : null}
                      <dl className="answers">
                        {part.lines.map((line) => (
                          <div key={line.label}>
                            <dt>{line.label}</dt>
                            <dd>{line.answer}</dd>
                          </div>
                        ))}
                      </dl>
                    </div>
                  ))}
                  {page.bmi ? (
                    <dl className="answers">
                      <div>
                        <dt>Indice de masse corporelle (IMC)</dt>
                        <dd>{page.bmi}</dd>
                      </div>
                    </dl>
                  ) : null}
                </section>
              ))}
            </section>
          </>
        ) : null}
      </div>
    </main>
  );
}

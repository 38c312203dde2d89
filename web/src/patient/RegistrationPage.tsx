import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { ApiError, apiJson } from '../api/client';
import { patientApi, type PublicPharmacy } from '../api/patientApi';
import { notifications } from '../notifications/notificationStore';
import { BotCheckField, type BotCheckHandle } from './BotCheckField';
import { flowStore } from './flowStore';
import { isBand } from './bandOfPart';
import { PharmacyProblem } from './PharmacyProblem';
import { RecaptchaField } from './RecaptchaField';
import {
  CIVILITIES,
  fieldErrors,
  formLevelError,
  MESSAGES,
  ssnLiveMessage,
  type RegistrationValues,
  type RequiredField,
} from './registrationRules';
import { resumeRoute } from './resumeRoute';
import { patientSession } from './session';
import { usePharmacy } from './usePharmacy';
import './patient.css';

const EMPTY: RegistrationValues = {
  civilite: '',
  prenom: '',
  nom: '',
  date_naissance: '',
  email: '',
  numero_securite_sociale: '',
  consent: false,
};

/** Delay between a successful registration and the first questionnaire page (platform.md 2). */
export const NAVIGATION_DELAY_MS = 300;

function todayIso(): string {
  return new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' });
}

/** /{pharmacyName}/userform: the page of the pharmacy, or what went wrong with it. */
export function RegistrationPage() {
  const { pharmacyName = '' } = useParams();
  const pharmacy = usePharmacy(pharmacyName);
  if (pharmacy.status !== 'found') return <PharmacyProblem state={pharmacy} />;
  return <RegistrationForm pharmacyName={pharmacyName} pharmacy={pharmacy.pharmacy} />;
}

function RegistrationForm({ pharmacyName, pharmacy }: { pharmacyName: string; pharmacy: PublicPharmacy }) {
  const navigate = useNavigate();
  const [values, setValues] = useState<RegistrationValues>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<RequiredField, string>>>({});
  const [ssnMessage, setSsnMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [botConfig, setBotConfig] = useState<{ provider: string; label?: string; siteKey?: string }>({ provider: 'altcha', label: 'ALTCHA' });
  const botLabel = botConfig.label ?? (botConfig.provider === 'recaptcha' ? 'reCAPTCHA' : 'ALTCHA');
  const botCheck = useRef<BotCheckHandle>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
    apiJson<{ provider: string; label?: string; siteKey?: string }>('/api/bot-check/config')
      .then(setBotConfig)
      .catch((error: unknown) => console.error(error));
  }, []);

  // D13: a live token brings the patient back to their first unsaved page.
  useEffect(() => {
    const token = patientSession.token();
    if (!token) return;
    let live = true;
    patientApi
      .me(token)
      .then(async (form) => {
        if (form.client.name !== pharmacyName) return;
        if (form.status === 'submitted') {
          // That bilan is finished: the form is for the next person.
          patientSession.clear();
          return;
        }
        const route = await resumeRoute(pharmacyName, form);
        if (live && route) navigate(route, { replace: true });
      })
      .catch((error: unknown) => {
        if (error instanceof ApiError && (error.status === 401 || error.status === 403)) patientSession.clear();
      });
    return () => {
      live = false;
    };
  }, [pharmacyName, navigate]);

  const update = <K extends keyof RegistrationValues>(key: K, value: RegistrationValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (key in errors) setErrors(({ [key as RequiredField]: _gone, ...rest }) => rest);
  };

  const fail = (message: string) => {
    notifications.error(message);
    setBusy(false);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    // A new attempt: the previous attempt's message no longer applies.
    notifications.resolveErrors();
    const found = fieldErrors(values, todayIso());
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(`reg-${first}`)?.focus();
      return;
    }
    const formError = formLevelError(values);
    if (formError) return fail(formError);
    setBusy(true);
    const check = botCheck.current;
    if (!check || !check.isLoaded()) return fail(MESSAGES.botNotLoaded(botLabel));
    const proof = await check.solve();
    if (!proof) return fail(MESSAGES.botFailed(botLabel));
    let ticket: string | undefined;
    try {
      const verdict = await patientApi.verifyBotCheck(proof);
      if (!verdict.success || (verdict.score ?? 1) < 0.05 || !verdict.ticket) return fail(MESSAGES.botFailed(botLabel));
      ticket = verdict.ticket;
    } catch (error) {
      console.error(error);
      return fail(MESSAGES.botFailed(botLabel));
    }
    try {
      const created = await patientApi.create({
        civilite: values.civilite,
        nom: values.nom.trim(),
        prenom: values.prenom.trim(),
        date_naissance: values.date_naissance,
        email: values.email.trim(),
        ...(values.numero_securite_sociale ? { numero_securite_sociale: values.numero_securite_sociale } : {}),
        clientId: pharmacy.id,
        consent: true,
        ticket,
      });
      const band = created.ageGroup;
      if (!created.token || !isBand(band)) return fail(MESSAGES.createFailed);
      patientSession.save(created.token);
      flowStore.startReal(band);
      const target = `/${encodeURIComponent(pharmacyName)}/parts${band}/general`;
      setTimeout(() => navigate(target), NAVIGATION_DELAY_MS);
    } catch (error) {
      console.error(error);
      fail(error instanceof ApiError && error.code === 'age_not_eligible' ? MESSAGES.ageNotEligible : MESSAGES.createFailed);
    }
  };

  const fieldProps = (key: RequiredField) => ({
    id: `reg-${key}`,
    name: key,
    required: true,
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': errors[key] ? `reg-${key}-error` : undefined,
  });
  const errorLine = (key: RequiredField) =>
    errors[key] ? (
      <p id={`reg-${key}-error`} className="field-error">
        {errors[key]}
      </p>
    ) : null;

  return (
    <main className="container patient-page" id="contenu">
      <h1 ref={heading} tabIndex={-1}>
        Prenez soin de votre santé avec {pharmacy.nom}
      </h1>
      <p>Quelques informations pour préparer votre bilan de prévention. Les champs marqués d'un * sont obligatoires.</p>
      <form className="card registration-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <div className="field">
          <label htmlFor="reg-civilite">Civilité *</label>
          <select {...fieldProps('civilite')} value={values.civilite} onChange={(e) => update('civilite', e.target.value)}>
            <option value="">Choisissez…</option>
            {CIVILITIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
          {errorLine('civilite')}
        </div>
        <div className="field">
          <label htmlFor="reg-prenom">Prénom *</label>
          <input type="text" autoComplete="given-name" {...fieldProps('prenom')} value={values.prenom} onChange={(e) => update('prenom', e.target.value)} />
          {errorLine('prenom')}
        </div>
        <div className="field">
          <label htmlFor="reg-nom">Nom *</label>
          <input type="text" autoComplete="family-name" {...fieldProps('nom')} value={values.nom} onChange={(e) => update('nom', e.target.value)} />
          {errorLine('nom')}
        </div>
        <div className="field">
          <label htmlFor="reg-date_naissance">Date de naissance *</label>
          <input
            type="date"
            autoComplete="bday"
            max={todayIso()}
            {...fieldProps('date_naissance')}
            value={values.date_naissance}
            onChange={(e) => update('date_naissance', e.target.value)}
          />
          {errorLine('date_naissance')}
        </div>
        <div className="field">
          <label htmlFor="reg-email">Adresse e-mail *</label>
          <input type="email" autoComplete="email" {...fieldProps('email')} value={values.email} onChange={(e) => update('email', e.target.value)} />
          {errorLine('email')}
        </div>
        <div className="field">
          <label htmlFor="reg-ssn">Numéro de sécurité sociale (facultatif)</label>
          <p id="reg-ssn-hint" className="hint">
            15 chiffres, sans espace.
          </p>
          <input
            type="text"
            id="reg-ssn"
            name="numero_securite_sociale"
            inputMode="numeric"
            autoComplete="off"
            value={values.numero_securite_sociale}
            aria-invalid={ssnMessage ? true : undefined}
            aria-describedby={ssnMessage ? 'reg-ssn-hint reg-ssn-error' : 'reg-ssn-hint'}
            onChange={(e) => {
              const next = e.target.value;
              const message = ssnLiveMessage(next);
              setSsnMessage(message);
              // Letters are refused as they are typed; a 16th digit stays visible with its message.
              if (message !== MESSAGES.ssnDigits) update('numero_securite_sociale', next);
            }}
          />
          <p id="reg-ssn-error" className="field-error" aria-live="polite">
            {ssnMessage}
          </p>
        </div>
        <div className="field consent">
          <label className="choice" htmlFor="reg-consent">
            <input type="checkbox" id="reg-consent" name="consent" checked={values.consent} onChange={(e) => update('consent', e.target.checked)} />
            <span>
              J'accepte que mes données de santé soient traitées pour mon bilan de prévention, selon la{' '}
              <a href="/politiqueConfidentialite" target="_blank" rel="noopener noreferrer">
                politique de confidentialité (nouvel onglet)
              </a>
              .
            </span>
          </label>
        </div>
        {botConfig.provider === 'recaptcha' && botConfig.siteKey ? (
          <RecaptchaField ref={botCheck} siteKey={botConfig.siteKey} />
        ) : (
          <BotCheckField ref={botCheck} label={botLabel} />
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy} aria-busy={busy || undefined}>
          {busy && <span className="spinner" aria-hidden="true" />}
          Accéder au questionnaire
        </button>
      </form>
    </main>
  );
}

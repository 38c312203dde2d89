import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { CreatePatientBody, PublicPharmacy } from '../api/patientApi';
import { notifications } from '../notifications/notificationStore';
import { ErrorSummary } from '../ui/ErrorSummary';
import { RetryAlert } from '../ui/RetryAlert';
import { birthDateError, checkBirthDate, type BirthDatePart } from './birthDate';
import { BIRTH_DATE_IDS, BirthDateField, partsInError } from './BirthDateField';
import { BOT_CHECK_ID, BotCheckField, type BotCheckHandle } from './BotCheckField';
import { flowStore } from './flowStore';
import { idleClock } from './idleClock';
import { RecaptchaField } from './RecaptchaField';
import { registerPatient } from './registerPatient';
import {
  CIVILITIES,
  FIELD_ORDER,
  fieldErrors,
  MESSAGES,
  type FieldErrors,
  type FieldKey,
  type RegistrationValues,
} from './registrationRules';
import { patientSession } from './session';
import { SocialSecurityField } from './SocialSecurityField';
import { StartPanel } from './StartPanel';
import { ConsentField } from './ConsentField';
import { LanguageMenu } from './LanguageMenu';
import { keepLanguageWithForm } from './keepLanguageWithForm';
import { useBotConfig } from './useBotConfig';
import './patient.css';
import { bands } from '../questionnaire/versions';
import { t } from '../i18n/translate';
import { useLanguage } from '../i18n/useLanguage';

const EMPTY: RegistrationValues = {
  civilite: '',
  prenom: '',
  nom: '',
  day: '',
  month: '',
  year: '',
  email: '',
  numero_securite_sociale: '',
  consent: false,
};

/** A civility as the patient's language says it; the form stores the French word. */
const civilityLabel = (civility: (typeof CIVILITIES)[number]) =>
  civility === 'Madame' ? t('Madame') : civility === 'Monsieur' ? t('Monsieur') : t('Autre');

/** Delay between a successful registration and the first questionnaire page (docs/product.md §2). */
const NAVIGATION_DELAY_MS = 300;

const FIELD_IDS: Record<Exclude<FieldKey, 'date_naissance'>, string> = {
  civilite: 'reg-civilite',
  prenom: 'reg-prenom',
  nom: 'reg-nom',
  email: 'reg-email',
  numero_securite_sociale: 'reg-ssn',
  consent: 'reg-consent',
  botCheck: BOT_CHECK_ID,
};

/**
 * The registration form (docs/product.md §5): every problem beside its field and in an error
 * summary that takes the focus; server refusals land on their field; a network failure offers
 * "Réessayer" with nothing typed lost; each attempt solves a fresh bot check.
 */
export function RegistrationForm({
  pharmacyName,
  pharmacy,
  aboveForm,
}: {
  pharmacyName: string;
  pharmacy: PublicPharmacy;
  aboveForm?: ReactNode;
}) {
  const navigate = useNavigate();
  const bot = useBotConfig();
  // Drawn again, in its words, when the patient changes language (issue 46).
  const language = useLanguage();
  const [values, setValues] = useState<RegistrationValues>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusals, setRefusals] = useState(0);
  const running = useRef(false);
  const botCheck = useRef<BotCheckHandle>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const summary = useRef<HTMLDivElement>(null);
  const birthDate = checkBirthDate(values, new Date(), bands);

  useEffect(() => heading.current?.focus({ preventScroll: true }), []);
  // After each refusal the summary takes the focus, so the person hears what to correct.
  useEffect(() => {
    if (refusals > 0) summary.current?.focus();
  }, [refusals]);

  const update = <K extends keyof RegistrationValues>(key: K, value: RegistrationValues[K], field: FieldKey) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[field]) setErrors(({ [field]: _gone, ...rest }) => rest);
  };

  const refuse = (found: FieldErrors) => {
    setErrors(found);
    setRefusals((n) => n + 1);
  };

  const submit = async () => {
    if (running.current) return;
    notifications.resolveErrors();
    setFailure(null);
    const found = fieldErrors(values, birthDate);
    if (Object.keys(found).length > 0) return refuse(found);
    setErrors({});
    running.current = true;
    setBusy(true);
    const check = botCheck.current;
    const outcome = check
      ? await registerPatient(check, bot.label, {
          // One of the three civilities: fieldErrors above refused anything else.
          civilite: values.civilite as CreatePatientBody['civilite'],
          nom: values.nom.trim(),
          prenom: values.prenom.trim(),
          date_naissance: birthDate.status === 'eligible' || birthDate.status === 'valid' ? birthDate.iso : '',
          // No address (D30): the field is left out, the patient gets no confirmation e-mail.
          ...(values.email.trim() ? { email: values.email.trim() } : {}),
          ...(values.numero_securite_sociale ? { numero_securite_sociale: values.numero_securite_sociale } : {}),
          clientId: pharmacy.id,
          consent: true,
        })
      : ({ kind: 'refused', field: 'botCheck', message: MESSAGES.botNotLoaded(bot.label) } as const);
    if (outcome.kind === 'created') {
      patientSession.save(outcome.token);
      // The language chosen on this page is kept with the new form (issue 46).
      if (language !== 'fr')
        await keepLanguageWithForm(outcome.token, language).catch((e: unknown) => console.error(e));
      flowStore.startReal(outcome.band, { token: outcome.token, civility: values.civilite, definition: null });
      idleClock.touch();
      // The button stays busy until the questionnaire shows.
      setTimeout(
        () => void navigate(`/${encodeURIComponent(pharmacyName)}/parts${outcome.band}/general`),
        NAVIGATION_DELAY_MS,
      );
      return;
    }
    // The proof of this attempt is spent: the next attempt solves a new challenge.
    check?.reset();
    running.current = false;
    setBusy(false);
    if (outcome.kind === 'refused') refuse({ [outcome.field]: outcome.message });
    else setFailure(outcome.message);
  };

  const dateError = errors.date_naissance ?? birthDateError(birthDate, false);
  const targetOf = (key: FieldKey) =>
    key === 'date_naissance' ? BIRTH_DATE_IDS[partsInError(birthDate)[0] ?? 'day'] : FIELD_IDS[key];
  const summaryItems = FIELD_ORDER.flatMap((key) =>
    errors[key] ? [{ target: targetOf(key), message: errors[key] }] : [],
  );
  const fieldProps = (key: 'civilite' | 'prenom' | 'nom' | 'email') => ({
    id: FIELD_IDS[key],
    name: key,
    required: true,
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': errors[key] ? `${FIELD_IDS[key]}-error` : undefined,
  });
  const errorLine = (key: FieldKey) =>
    errors[key] ? (
      <p id={`${targetOf(key)}-error`} className="field-error">
        {errors[key]}
      </p>
    ) : null;

  return (
    <main className="container patient-page" id="contenu">
      <h1 ref={heading} tabIndex={-1}>
        {t('Prenez soin de votre santé avec {pharmacy}', { pharmacy: pharmacy.nom })}
      </h1>
      <LanguageMenu />
      {aboveForm}
      <ErrorSummary ref={summary} items={summaryItems} />
      <StartPanel band={birthDate.status === 'eligible' ? birthDate.band.code : null} />
      <p>
        {t(
          'Quelques informations pour préparer votre bilan de prévention. Les champs marqués d’un * sont obligatoires.',
        )}
      </p>
      <form
        className="card registration-form"
        noValidate
        onSubmit={(event: FormEvent<HTMLFormElement>) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div className="field">
          <label htmlFor="reg-civilite">{t('Civilité *')}</label>
          <select
            {...fieldProps('civilite')}
            value={values.civilite}
            onChange={(e) => update('civilite', e.target.value, 'civilite')}
          >
            <option value="">{t('Choisissez…')}</option>
            {CIVILITIES.map((c) => (
              <option key={c} value={c}>
                {civilityLabel(c)}
              </option>
            ))}
          </select>
          {errorLine('civilite')}
        </div>
        <div className="field">
          <label htmlFor="reg-prenom">{t('Prénom *')}</label>
          <input
            type="text"
            autoComplete="given-name"
            {...fieldProps('prenom')}
            value={values.prenom}
            onChange={(e) => update('prenom', e.target.value, 'prenom')}
          />
          {errorLine('prenom')}
        </div>
        <div className="field">
          <label htmlFor="reg-nom">{t('Nom *')}</label>
          <input
            type="text"
            autoComplete="family-name"
            {...fieldProps('nom')}
            value={values.nom}
            onChange={(e) => update('nom', e.target.value, 'nom')}
          />
          {errorLine('nom')}
        </div>
        <BirthDateField
          parts={values}
          check={birthDate}
          bands={bands}
          error={dateError}
          onChange={(part: BirthDatePart, value) => update(part, value, 'date_naissance')}
        />
        <div className="field">
          <label htmlFor="reg-email">{t('Adresse e-mail (facultatif)')}</label>
          <p id="reg-email-hint" className="hint">
            {t(
              'Seulement pour recevoir la confirmation que vos réponses sont arrivées. Sans adresse, vous pouvez remplir le questionnaire tout de même.',
            )}
          </p>
          <input
            type="email"
            autoComplete="email"
            {...fieldProps('email')}
            required={false}
            aria-describedby={errors.email ? 'reg-email-hint reg-email-error' : 'reg-email-hint'}
            value={values.email}
            onChange={(e) => update('email', e.target.value, 'email')}
          />
          {errorLine('email')}
        </div>
        <SocialSecurityField
          value={values.numero_securite_sociale}
          error={errors.numero_securite_sociale}
          onChange={(next) => update('numero_securite_sociale', next, 'numero_securite_sociale')}
        />
        <ConsentField
          checked={values.consent}
          error={errors.consent}
          onChange={(checked) => update('consent', checked, 'consent')}
        />
        {bot.provider === 'recaptcha' && bot.siteKey ? (
          <RecaptchaField ref={botCheck} siteKey={bot.siteKey} error={errors.botCheck} />
        ) : (
          <BotCheckField ref={botCheck} error={errors.botCheck} pharmacyId={pharmacy.id} />
        )}
        {failure && <RetryAlert message={failure} busy={busy} onRetry={() => void submit()} />}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy} aria-busy={busy || undefined}>
          {busy && <span className="spinner" aria-hidden="true" />}
          {busy ? t('Envoi…') : t('Accéder au questionnaire')}
        </button>
      </form>
    </main>
  );
}

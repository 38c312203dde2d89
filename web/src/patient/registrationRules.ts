// The registration form's rules (docs/product.md §5), apart from the React page so they can
// be read and tested as a list: what each field needs, and which field a server refusal names.
import {
  compactSocialSecurityNumber,
  isPersonName,
  SOCIAL_SECURITY_NUMBER_MESSAGES,
  socialSecurityNumberProblem,
  type SocialSecurityNumberProblem,
} from '@bilan/engine';
import {
  AGE_NOT_ELIGIBLE,
  birthDateError,
  INVALID_BIRTH_DATE,
  type BirthDateCheck,
  type BirthDateParts,
} from './birthDate';
import { t } from '../i18n/translate';
import { isEmailAddress } from '../ui/isEmailAddress';

export interface RegistrationValues extends BirthDateParts {
  civilite: string;
  prenom: string;
  nom: string;
  email: string;
  numero_securite_sociale: string;
  consent: boolean;
}

/** Every place an error can sit, in the order of the form (the error summary's order). */
export const FIELD_ORDER = [
  'civilite',
  'prenom',
  'nom',
  'date_naissance',
  'email',
  'numero_securite_sociale',
  'consent',
  'botCheck',
] as const;
export type FieldKey = (typeof FIELD_ORDER)[number];
export type FieldErrors = Partial<Record<FieldKey, string>>;

export const CIVILITIES = ['Monsieur', 'Madame', 'Autre'] as const;

/** The form's messages, each read when it is shown, in the patient's language (issue 46). */
export const MESSAGES = {
  get consent() {
    return t('Veuillez accepter la politique de confidentialité pour continuer.');
  },
  get ssnWrong() {
    return t('Le numéro de sécurité sociale est erroné.');
  },
  get ssnDigits() {
    return t('Veuillez n’entrer que des chiffres.');
  },
  botNotLoaded: (label: string) => t('Erreur\u00a0: {label} non chargé\u00a0!', { label }),
  botFailed: (label: string) => t('Échec de vérification {label}. Vous pourriez être un bot.', { label }),
  get ageNotEligible() {
    return AGE_NOT_ELIGIBLE();
  },
  get createFailed() {
    return t('Erreur lors de la création de votre profil.');
  },
  get invalidBirthDate() {
    return INVALID_BIRTH_DATE();
  },
  get invalidEmail() {
    return t('Adresse e-mail invalide\u00a0: exemple nom@domaine.fr. Vous pouvez aussi laisser ce champ vide.');
  },
  get prenomCharacters() {
    return t('Le prénom ne peut contenir que des lettres, des espaces, des apostrophes et des traits d’union.');
  },
  get nomCharacters() {
    return t('Le nom ne peut contenir que des lettres, des espaces, des apostrophes et des traits d’union.');
  },
  get invisibleCharacters() {
    return t(
      'Ce champ contient un caractère invisible ou non autorisé (copié-collé d’un autre texte, par exemple)\u00a0: veuillez le saisir à nouveau.',
    );
  },
  get network() {
    return t(
      'Impossible de communiquer avec le serveur. Vos informations sont conservées\u00a0: vérifiez votre connexion, puis réessayez.',
    );
  },
  get retryLater() {
    return t('Vos informations sont conservées\u00a0: réessayez dans un instant.');
  },
};

/**
 * Live rule of the social security number field: digits and spaces (2A or 2B where a Corsican
 * department is written), at most 15 characters without the spaces, and once 15 are typed, the
 * control key (engine/socialSecurityNumber.ts).
 */
export function ssnLiveMessage(value: string): string | null {
  const ssn = compactSocialSecurityNumber(value);
  if (!/^(?:\d*|\d{5}2[AB]\d*)$/.test(ssn)) return MESSAGES.ssnDigits;
  if (ssn.length > 15) return SOCIAL_SECURITY_NUMBER_MESSAGES.length;
  if (ssn.length === 15) return ssnMessage(socialSecurityNumberProblem(ssn));
  return null;
}

/** What the field says of a problem of the number (the server's `details.reason` included). */
function ssnMessage(problem: SocialSecurityNumberProblem | null | undefined): string | null {
  return problem ? SOCIAL_SECURITY_NUMBER_MESSAGES[problem] : null;
}

/** Every field's problem at once, for the error summary: required fields, the date (eligibility included), consent, the number. */
export function fieldErrors(values: RegistrationValues, birthDate: BirthDateCheck): FieldErrors {
  const errors: FieldErrors = {};
  if (!CIVILITIES.some((c) => c === values.civilite)) errors.civilite = t('Veuillez choisir votre civilité.');
  if (!values.prenom.trim()) errors.prenom = t('Veuillez saisir votre prénom.');
  else if (!isPersonName(values.prenom.trim())) errors.prenom = MESSAGES.prenomCharacters;
  if (!values.nom.trim()) errors.nom = t('Veuillez saisir votre nom.');
  else if (!isPersonName(values.nom.trim())) errors.nom = MESSAGES.nomCharacters;
  const dateError = birthDateError(birthDate, true);
  if (dateError) errors.date_naissance = dateError;
  // Optional (D30): only an address typed is checked.
  const email = values.email.trim();
  if (email && !isEmailAddress(email)) errors.email = MESSAGES.invalidEmail;
  const ssn = values.numero_securite_sociale;
  const ssnProblem = ssn.trim() === '' ? null : ssnMessage(socialSecurityNumberProblem(ssn));
  if (ssnProblem) errors.numero_securite_sociale = ssnProblem;
  if (!values.consent) errors.consent = MESSAGES.consent;
  return errors;
}

/** A refusal of the server (its stable code) as the field it concerns, or null for a failure of another kind. */
export function serverRefusal(
  code: string,
  botLabel: string,
  details?: unknown,
): { field: FieldKey; message: string } | null {
  switch (code) {
    case 'invalid_text': {
      // An invisible or control character in one of the form's fields: on that field.
      const field = (details as { field?: unknown } | undefined)?.field;
      const known = FIELD_ORDER.find((key) => key === field);
      return known ? { field: known, message: MESSAGES.invisibleCharacters } : null;
    }
    case 'invalid_name': {
      // The server names the field it refused (details.field): the first name unless it says the name.
      const field = (details as { field?: unknown } | undefined)?.field === 'nom' ? 'nom' : 'prenom';
      return { field, message: field === 'nom' ? MESSAGES.nomCharacters : MESSAGES.prenomCharacters };
    }
    case 'invalid_ssn': {
      // The server says what is wrong (details.reason); an older server says only that it is.
      const reason = (details as { reason?: unknown } | undefined)?.reason;
      const problem = (['characters', 'length', 'key'] as const).find((r) => r === reason);
      return { field: 'numero_securite_sociale', message: ssnMessage(problem) ?? MESSAGES.ssnWrong };
    }
    case 'age_not_eligible':
      return { field: 'date_naissance', message: MESSAGES.ageNotEligible };
    case 'invalid_birth_date':
      return { field: 'date_naissance', message: MESSAGES.invalidBirthDate };
    case 'consent_required':
      return { field: 'consent', message: MESSAGES.consent };
    case 'invalid_email':
      return { field: 'email', message: MESSAGES.invalidEmail };
    case 'bot_check_failed':
      return { field: 'botCheck', message: MESSAGES.botFailed(botLabel) };
    default:
      return null;
  }
}

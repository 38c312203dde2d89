// The registration form's rules, in the order platform.md section 5 gives them, apart from the
// React page so they can be read and tested as a list.

export interface RegistrationValues {
  civilite: string;
  prenom: string;
  nom: string;
  date_naissance: string;
  email: string;
  numero_securite_sociale: string;
  consent: boolean;
}

export type RequiredField = 'civilite' | 'prenom' | 'nom' | 'date_naissance' | 'email';

export const CIVILITIES = ['Monsieur', 'Madame', 'Autre'] as const;

export const MESSAGES = {
  consent: 'Veuillez accepter la politique de confidentialité pour continuer.',
  ssnWrong: 'Le numéro de sécurité sociale est erroné.',
  ssnDigits: "Veuillez n'entrer que des chiffres.",
  botNotLoaded: (label: string) => `Erreur : ${label} non chargé !`,
  botFailed: (label: string) => `Échec de vérification ${label}. Vous pourriez être un bot.`,
  ageNotEligible: "Votre tranche d'âge n'est pas éligible à un questionnaire pour le moment.",
  createFailed: 'Erreur lors de la création de votre profil.',
} as const;

/** Live rule of the social security number field: digits only, at most 15. */
export function ssnLiveMessage(value: string): string | null {
  if (/\D/.test(value)) return MESSAGES.ssnDigits;
  if (value.length > 15) return MESSAGES.ssnWrong;
  return null;
}

function isRealDate(iso: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d && y >= 1900;
}

/** The required fields, each with its French message when missing or malformed. */
export function fieldErrors(values: RegistrationValues, today: string): Partial<Record<RequiredField, string>> {
  const errors: Partial<Record<RequiredField, string>> = {};
  if (!CIVILITIES.some((c) => c === values.civilite)) errors.civilite = 'Veuillez choisir votre civilité.';
  if (!values.prenom.trim()) errors.prenom = 'Veuillez saisir votre prénom.';
  if (!values.nom.trim()) errors.nom = 'Veuillez saisir votre nom.';
  if (!values.date_naissance) errors.date_naissance = 'Veuillez saisir votre date de naissance.';
  else if (!isRealDate(values.date_naissance) || values.date_naissance > today)
    errors.date_naissance = 'Veuillez saisir une date de naissance valide.';
  if (!values.email.trim()) errors.email = 'Veuillez saisir votre adresse e-mail.';
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim())) errors.email = 'Veuillez saisir une adresse e-mail valide.';
  return errors;
}

/** Checks 1 and 2 of the submit sequence (consent, then the social security number). */
export function formLevelError(values: RegistrationValues): string | null {
  if (!values.consent) return MESSAGES.consent;
  const ssn = values.numero_securite_sociale;
  if (ssn !== '' && !/^\d{15}$/.test(ssn)) return MESSAGES.ssnWrong;
  return null;
}

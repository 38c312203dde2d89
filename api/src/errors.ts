/**
 * Stable error codes and the French message a person reads for each (docs/product.md §8 where
 * the catalogue has one). Every failure of the API answers `{ code, message, error, details? }`.
 */
export const errorMessages = {
  invalid_request: 'Requête invalide.',
  payload_too_large: 'La requête est trop volumineuse.',
  not_found: 'Ressource introuvable.',
  client_not_found: 'Pharmacie introuvable.',
  consent_required: 'Veuillez accepter la politique de confidentialité pour continuer.',
  invalid_ssn: 'Le numéro de sécurité sociale est erroné.',
  invalid_name:
    'Le nom et le prénom ne peuvent contenir que des lettres, des espaces, des apostrophes et des traits d’union.',
  // The bands' ages, as the engine's ageNotEligibleMessage writes them (patient/routes.test.ts checks).
  age_not_eligible:
    'Votre tranche d’âge n’est pas éligible à un questionnaire pour le moment. Parlez-en à votre pharmacien\u00a0; le bilan s’adresse aux 18-25, 45-50, 60-65 et 70-75\u00a0ans.',
  profile_creation_failed: 'Erreur lors de la création de votre profil.',
  unauthenticated: 'Utilisateur non authentifié.',
  session_expired: 'Session expirée, veuillez vous reconnecter.',
  invalid_token: 'Session expirée ou invalide.',
  unsupported_media_type: 'Format de requête non pris en charge.',
  not_submitted: 'Le questionnaire n’a pas encore été envoyé.',
  forbidden: 'Accès interdit.',
  session_locked:
    'Tablette en mode patient\u00a0: le tableau de bord est verrouillé sur cet appareil. Déverrouillez-le avec le mot de passe du compte ou le code choisi.',
  session_not_locked: 'Cette session n’est pas verrouillée.',
  language_unavailable: 'Ce questionnaire n’est pas proposé dans cette langue.',
  wrong_unlock_code: 'Code incorrect.',
  wrong_unlock_password: 'Mot de passe incorrect.',
  unlock_code_unset: 'Aucun code n’a été choisi pour cette tablette\u00a0: saisissez le mot de passe du compte.',
  unlock_code_spent: 'Trop de codes erronés\u00a0: saisissez le mot de passe du compte.',
  cross_site_refused: 'Requête refusée\u00a0: elle ne vient pas de l’application Bilan Prévention. Rechargez la page.',
  unknown_page: 'Page du questionnaire inconnue.',
  already_submitted: 'Ce questionnaire a déjà été envoyé.',
  form_submitted: 'Ce questionnaire a déjà été envoyé à votre pharmacie.',
  form_changed: 'Vos réponses ont changé pendant l’envoi. Veuillez réessayer.',
  invalid_answers: 'Une erreur est survenue. Veuillez réessayer.',
  incomplete: 'Veuillez compléter toutes les pages du questionnaire.',
  pdf_failed: 'Impossible de générer le PDF.',
  email_failed: 'Erreur lors de l’envoi de l’email.',
  rate_limited: 'Trop de requêtes. Veuillez réessayer dans un instant.',
  too_many_new_forms:
    'Trop de questionnaires ont été commencés avec le lien de cette pharmacie depuis une heure. Veuillez réessayer plus tard ou vous adresser au comptoir.',
  internal_error: 'Une erreur inattendue est survenue.',
  invalid_birth_date: 'La date de naissance est invalide.',
  wrong_birth_date: 'Ce n’est pas la date de naissance donnée au début de ce questionnaire.',
  resume_required:
    'Par sécurité, vos réponses sont masquées après une pause. Indiquez votre jour et votre mois de naissance pour reprendre.',
  resume_closed:
    'Ce questionnaire est fermé sur cet appareil après trois essais de date de naissance. Vous pouvez en commencer un nouveau.',
  bot_check_failed: 'Échec de vérification. Vous pourriez être un bot.',
  invalid_email: 'Adresse e-mail invalide.',
  link_invalid: 'Lien invalide ou expiré.',
  unknown_age_group: 'Tranche d’âge inconnue.',
  too_many_demo_emails: 'Trop d’e-mails de démonstration envoyés à cette adresse. Réessayez dans une heure.',
  database_not_writable: 'Service momentanément indisponible\u00a0: la base de données n’accepte pas d’écriture.',
  disk_space_low: 'Service momentanément indisponible\u00a0: l’espace disque du serveur est presque épuisé.',
  pdf_store_not_writable: 'Service momentanément indisponible\u00a0: les PDF ne peuvent pas être enregistrés.',
  invalid_text:
    'Un texte contient des caractères non autorisés (caractères de contrôle ou invisibles, retours à la ligne ou caractères invalides).',
} as const;

export type ErrorCode = keyof typeof errorMessages;

export interface ErrorBody {
  code: string;
  message: string;
  error: string;
  details?: unknown;
}

/** A failure with its HTTP status and stable code; the error handler turns it into the JSON body. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message?: string,
    readonly details?: unknown,
    /** Extra top-level fields kept for older clients (e.g. `success: false` of the bot check). */
    readonly extra?: Record<string, unknown>,
    options?: { cause?: unknown; retryAfterSeconds?: number },
  ) {
    super(message ?? (errorMessages as Record<string, string>)[code] ?? errorMessages.internal_error, options);
    this.name = 'ApiError';
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }

  /** When a refusal ends (a 429): sent as Retry-After so that a client waits instead of retrying. */
  readonly retryAfterSeconds: number | undefined;

  body(): ErrorBody {
    return {
      ...this.extra,
      code: this.code,
      message: this.message,
      error: this.message,
      ...(this.details === undefined ? {} : { details: this.details }),
    };
  }
}

export function apiError(statusCode: number, code: ErrorCode, details?: unknown, message?: string): ApiError {
  return new ApiError(statusCode, code, message ?? errorMessages[code], details);
}

/** JSON schema of the error body, referenced by every route's responses. */
export const errorBodySchema = {
  $id: 'ErrorBody',
  type: 'object',
  additionalProperties: true,
  required: ['code', 'message', 'error'],
  properties: {
    code: { type: 'string', maxLength: 64, pattern: '^[a-z0-9_]+$' },
    message: { type: 'string', maxLength: 2000 },
    error: { type: 'string', maxLength: 2000 },
    details: {},
    detailsCount: {
      type: 'integer',
      format: 'int32',
      minimum: 0,
      maximum: 1_000_000,
      description: 'Quand `details` ne liste que les 20\u00a0premiers problèmes\u00a0: leur nombre total',
    },
  },
} as const;

// The real flow's messages: the spec's catalogue (docs/product.md §8) where it has one, and
// for the rest what happened and what to do, never a pointer to developer tools. Each is read
// when it is shown, in the patient's language (issue 46).
import { t } from '../i18n/translate';

export const SESSION_EXPIRED = () => t('Session expirée, veuillez vous reconnecter.');
export const TOKEN_MISSING = () => t('Token non trouvé. Veuillez vous reconnecter.');
/** The server's words for a finished form's token (contract with the API: code `form_submitted`). */
export const FORM_SUBMITTED = () => t('Ce questionnaire a déjà été envoyé à votre pharmacie.');
export const SEND_NETWORK = () =>
  t(
    'Vos réponses n’ont pas pu être envoyées\u00a0: la connexion au serveur a échoué. Elles sont bien enregistrées\u00a0; vérifiez votre connexion, puis réessayez.',
  );
export const SEND_FAILED = () =>
  t(
    'Une erreur inattendue a empêché l’envoi. Vos réponses sont enregistrées\u00a0: réessayez dans un instant. Si le problème continue, adressez-vous au comptoir de la pharmacie.',
  );
export const INCOMPLETE = () => t('Certaines pages du questionnaire ne sont pas enregistrées. Veuillez les compléter.');
export const QUESTIONNAIRE_LOAD_FAILED = () =>
  t(
    'Le questionnaire n’a pas pu être téléchargé\u00a0: la connexion au serveur a échoué. Vos réponses enregistrées sont conservées\u00a0; vérifiez votre connexion, puis réessayez.',
  );
/** The server's words when the third wrong birth date closed a form (contract with the API: code `resume_closed`). */
export const RESUME_CLOSED = () =>
  t(
    'Ce questionnaire est fermé sur cet appareil après trois essais de date de naissance. Vous pouvez en commencer un nouveau.',
  );
export const RESUME_NETWORK = () =>
  t(
    'La vérification n’a pas pu se faire\u00a0: la connexion au serveur a échoué. Vérifiez votre connexion, puis réessayez.',
  );
export const ERASED = () => t('Vos réponses ont été effacées. Cet appareil ne garde plus rien de votre questionnaire.');
export const ERASE_FAILED = () =>
  t(
    'Vos réponses n’ont pas pu être effacées\u00a0: la connexion au serveur a échoué. Vérifiez votre connexion, puis réessayez.',
  );

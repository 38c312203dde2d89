/**
 * The French social security number (NIR) as a person types it: 15 characters once the spaces are
 * removed, 13 for the number and 2 for its control key, 97 − (number mod 97). Corsica's
 * departments are written 2A and 2B; for the key, INSEE reads them as 19 and 18.
 */
export type SocialSecurityNumberProblem = 'characters' | 'length' | 'key';

/** What each problem tells the person, in the words of the form and of the API's refusal. */
export const SOCIAL_SECURITY_NUMBER_MESSAGES: Record<SocialSecurityNumberProblem, string> = {
  characters: 'Le numéro de sécurité sociale ne contient que des chiffres (et 2A ou 2B pour un département de Corse).',
  length: 'Le numéro de sécurité sociale compte 15\u00a0chiffres, clé comprise.',
  key: 'La clé de contrôle ne correspond pas au numéro\u00a0: vérifiez les deux derniers chiffres.',
};

/** The number as it is stored: the spaces typed removed, 2a/2b in capitals. */
export function compactSocialSecurityNumber(typed: string): string {
  return typed.replace(/\s+/g, '').toUpperCase();
}

/** What is wrong with a typed number (spaces allowed), or null when it is a valid one. */
export function socialSecurityNumberProblem(typed: string): SocialSecurityNumberProblem | null {
  const ssn = compactSocialSecurityNumber(typed);
  // Digits, except the department's two characters (the 6th and 7th), which may be 2A or 2B.
  if (!/^[\dAB]*$/.test(ssn) || /[AB]/.test(ssn.slice(0, 5) + ssn.slice(7)) || /^.{5}(?!2[AB])\D/.test(ssn))
    return 'characters';
  if (ssn.length !== 15) return 'length';
  if (!/^\d{5}(?:\d{2}|2A|2B)\d{8}$/.test(ssn)) return 'characters';
  const number = Number(ssn.slice(0, 13).replace('2A', '19').replace('2B', '18'));
  return 97 - (number % 97) === Number(ssn.slice(13)) ? null : 'key';
}

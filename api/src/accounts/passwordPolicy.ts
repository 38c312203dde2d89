import { readFileSync } from 'node:fs';

const PASSWORD_MIN = 12;
const PASSWORD_MAX = 128;

let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(new URL('./commonPasswords.txt', import.meta.url), 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l !== '' && !l.startsWith('#')),
  );
  return common;
}

export interface PasswordProblem {
  code: 'password_too_short' | 'password_too_long' | 'password_common';
  message: string;
}

/** Why a new password is refused, or null when it is acceptable. Length counts code points. */
export function checkPassword(password: string): PasswordProblem | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN) {
    return {
      code: 'password_too_short',
      message: `Le mot de passe doit contenir au moins ${PASSWORD_MIN} caractères.`,
    };
  }
  if (length > PASSWORD_MAX) {
    return { code: 'password_too_long', message: `Le mot de passe doit contenir au plus ${PASSWORD_MAX} caractères.` };
  }
  const lowered = password.toLowerCase();
  // A single character repeated is as guessable as any listed password, whatever its length.
  if (commonPasswords().has(lowered) || new Set(lowered).size === 1) {
    return {
      code: 'password_common',
      message:
        'Ce mot de passe fait partie des mots de passe les plus courants et serait deviné facilement. Choisissez-en un autre, par exemple une phrase de plusieurs mots.',
    };
  }
  return null;
}

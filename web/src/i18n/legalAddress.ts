import type { Language } from '@bilan/engine';

/**
 * A legal page's address from a patient's screen: in English or Arabic it opens with its summary
 * in that language (`?langue=`, site/LegalSummary.tsx), the French text binding (issue 46).
 */
export function legalAddress(path: string, language: Language, hash = ''): string {
  return `${path}${language === 'fr' ? '' : `?langue=${language}`}${hash}`;
}

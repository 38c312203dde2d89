import { directionOf } from '@bilan/engine';
import { patientLanguage } from './patientLanguage';

/** « Précédent » and « Suivant »'s arrows, pointing the way the page reads (right to left in Arabic). */
export function pageArrows(): { back: string; forward: string } {
  return directionOf(patientLanguage.get()) === 'rtl' ? { back: '➡', forward: '⬅' } : { back: '⬅', forward: '➡' };
}

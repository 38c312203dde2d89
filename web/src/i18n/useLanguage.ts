import { useSyncExternalStore } from 'react';
import type { Language } from '@bilan/engine';
import { patientLanguage } from './patientLanguage';

/**
 * The patient's language, for a screen that must draw again when it changes: every component
 * whose words go through t() below a screen that calls this is drawn again with the screen.
 */
export function useLanguage(): Language {
  return useSyncExternalStore(patientLanguage.subscribe, patientLanguage.get, () => 'fr' as const);
}

import type { BandCode } from '@bilan/engine';
import { bands, minutesOf } from './versions';
import { t } from '../i18n/translate';

/**
 * How long the questionnaire takes, from the bands' definitions: « Environ 20 minutes » for a
 * band, « Environ 15 à 20 minutes » while it is not known. The same words on the landing page and
 * at the start of the questionnaire (issue 44).
 */
export function durationText(band: BandCode | null): string {
  if (band) return t('Environ {minutes}\u00a0minutes', { minutes: minutesOf(band) });
  const all = bands.map((b) => minutesOf(b.code));
  const low = Math.min(...all);
  const high = Math.max(...all);
  return low === high
    ? t('Environ {minutes}\u00a0minutes', { minutes: low })
    : t('Environ {low} à {high}\u00a0minutes', { low, high });
}

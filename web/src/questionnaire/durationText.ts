import type { BandCode } from '@bilan/engine';
import { bands, minutesOf } from './versions';

/**
 * How long the questionnaire takes, from the bands' definitions: « Environ 20 minutes » for a
 * band, « Environ 15 à 20 minutes » while it is not known. The same words on the landing page and
 * at the start of the questionnaire (issue 44).
 */
export function durationText(band: BandCode | null): string {
  if (band) return `Environ ${minutesOf(band)}\u00a0minutes`;
  const all = bands.map((b) => minutesOf(b.code));
  const low = Math.min(...all);
  const high = Math.max(...all);
  return low === high ? `Environ ${low}\u00a0minutes` : `Environ ${low} à ${high}\u00a0minutes`;
}

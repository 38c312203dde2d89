import type { BandCode } from '@bilan/engine';

const BANDS: readonly BandCode[] = ['18to25', '45to50', '60to65', '70to75'];

/** `parts45to50` → `45to50`; anything else → null (the route then shows "page introuvable"). */
export function bandOfPart(part: string | undefined): BandCode | null {
  const match = /^parts(.+)$/.exec(part ?? '');
  const band = match?.[1];
  return BANDS.find((b) => b === band) ?? null;
}

export function isBand(value: unknown): value is BandCode {
  return BANDS.some((b) => b === value);
}

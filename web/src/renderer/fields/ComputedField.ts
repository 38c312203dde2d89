/**
 * A computed field (the BMI flags, a list of checked boxes) on a page: the engine sets it
 * (normalizeSection) and nobody types it, so nothing is drawn, and rjsf's list field, the only
 * field of its type, is not downloaded for it (rjsfRegistry.ts).
 */
export function ComputedField(): null {
  return null;
}

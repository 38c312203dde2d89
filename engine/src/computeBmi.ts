/**
 * Body-mass index = weight (kg) / height (m)², rounded to 1e-6 so that thresholds compare
 * without float noise (54.91 kg at 170 cm is 19, not 18.999999999999996).
 * Null when height or weight is missing, zero, negative or not a finite number.
 */
export function computeBmi(heightCm: unknown, weightKg: unknown): number | null {
  if (typeof heightCm !== 'number' || typeof weightKg !== 'number') return null;
  if (!Number.isFinite(heightCm) || !Number.isFinite(weightKg) || heightCm <= 0 || weightKg <= 0) return null;
  const heightM = heightCm / 100;
  return Math.round((weightKg / (heightM * heightM)) * 1e6) / 1e6;
}

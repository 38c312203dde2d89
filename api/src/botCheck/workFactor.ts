/**
 * How much harder a bot-check challenge is than the configured one (its cost multiplied): 1 for
 * what a person does, doubling as an address asks for challenges or a pharmacy's registrations
 * spike, up to 64 (a proof of work of about 0.7 s on a phone becomes 45 s). A script solved the
 * fixed challenge in 0.7 s and registered patients at a pharmacy by its sequential id (issue 30).
 */
export const WORK_FACTOR_LIMIT = 64;

/** Challenges an address asks for within ADDRESS_WINDOW_MS before they grow harder, and by how many more each doubling. */
export const ADDRESS_WINDOW_MS = 10 * 60_000;
const ADDRESS_FREE = 10;
const ADDRESS_STEP = 10;

/** Registrations at a pharmacy within the last hour before its challenges grow harder, and by how many more each doubling. */
const PHARMACY_FREE = 10;
const PHARMACY_STEP = 5;

function doubling(count: number, free: number, step: number): number {
  if (count <= free) return 1;
  return Math.min(WORK_FACTOR_LIMIT, 2 ** Math.ceil((count - free) / step));
}

/**
 * The factor of a challenge: `addressChallenges` from the asking address within
 * ADDRESS_WINDOW_MS (this one included), `pharmacyRegistrations` at the pharmacy it is for within
 * the last hour (0 when it is for no pharmacy: the demo).
 */
export function workFactor(addressChallenges: number, pharmacyRegistrations: number): number {
  return Math.max(
    doubling(addressChallenges, ADDRESS_FREE, ADDRESS_STEP),
    doubling(pharmacyRegistrations, PHARMACY_FREE, PHARMACY_STEP),
  );
}

/**
 * The part of the factor a pharmacy's registrations require: checked again when a ticket is
 * spent, so that challenges fetched ahead at the base cost cannot open registrations after the
 * pharmacy's cost has risen (issue 41). The address's part is what it asked for when it asked.
 */
export function pharmacyWorkFactor(pharmacyRegistrations: number): number {
  return doubling(pharmacyRegistrations, PHARMACY_FREE, PHARMACY_STEP);
}

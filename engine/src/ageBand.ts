import type { Band, BandCode } from './definition';
import { paris, type CalendarDate } from './parisCalendar';

/** Thrown for a birth date that is not a real YYYY-MM-DD date, or lies in the future. */
export class InvalidBirthDateError extends Error {
  constructor(readonly value: string) {
    super(`invalid birth date "${value}"`);
    this.name = 'InvalidBirthDateError';
  }
}

function compareDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

function parseIsoDate(value: string): CalendarDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Date.UTC rolls 2023-02-30 over to 2 March: a real date survives the round trip unchanged.
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** Whether a birth date is a real YYYY-MM-DD date that is not after today in Paris. */
export function isValidBirthDate(birthDateIso: string, now: Date): boolean {
  const birth = parseIsoDate(birthDateIso);
  return birth !== null && compareDates(birth, paris.date(now)) <= 0;
}

/**
 * Age in completed years on the Paris calendar date of `now` (D19). Someone born on 29 February
 * has a birthday on 1 March in other years. Throws InvalidBirthDateError on a bad date.
 */
export function ageInYears(birthDateIso: string, now: Date): number {
  const birth = parseIsoDate(birthDateIso);
  const today = paris.date(now);
  if (!birth || compareDates(birth, today) > 0) throw new InvalidBirthDateError(birthDateIso);
  const hadBirthday = today.month > birth.month || (today.month === birth.month && today.day >= birth.day);
  return today.year - birth.year - (hadBirthday ? 0 : 1);
}

/** The band whose inclusive bounds hold the age, or null when the person is not eligible. */
export function bandForBirthDate(
  birthDateIso: string,
  now: Date,
  bands: ReadonlyArray<Pick<Band, 'code' | 'minAge' | 'maxAge'>>,
): BandCode | null {
  const age = ageInYears(birthDateIso, now);
  return bands.find((b) => age >= b.minAge && age <= b.maxAge)?.code ?? null;
}

/**
 * The eligible ages in a sentence, as people read them on the start screen, the ineligible-age
 * message and the poster: "18-25, 45-50, 60-65 et 70-75 ans" (from the bands, sorted by age).
 */
export function eligibleAgesText(bands: ReadonlyArray<Pick<Band, 'minAge' | 'maxAge'>>): string {
  const ranges = [...bands].sort((a, b) => a.minAge - b.minAge).map((b) => `${b.minAge}-${b.maxAge}`);
  const list = ranges.length <= 1 ? (ranges[0] ?? '') : `${ranges.slice(0, -1).join(', ')} et ${ranges.at(-1) ?? ''}`;
  return `${list}\u00a0ans`;
}

/** What a person outside the bands reads: what to do, and who the bilan is for (issue 34). */
export function ageNotEligibleMessage(bands: ReadonlyArray<Pick<Band, 'minAge' | 'maxAge'>>): string {
  return `Votre tranche d’âge n’est pas éligible à un questionnaire pour le moment. Parlez-en à votre pharmacien\u00a0; le bilan s’adresse aux ${eligibleAgesText(bands)}.`;
}

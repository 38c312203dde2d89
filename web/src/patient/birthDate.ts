import { ageInYears, bandForBirthDate, isValidBirthDate, type Band } from '@bilan/engine';
import { listOf } from '../i18n/listOf';
import { t } from '../i18n/translate';
import { ageRanges } from './ageRanges';

/** The three fields of the date of birth (D26), as typed. */
export interface BirthDateParts {
  day: string;
  month: string;
  year: string;
}

export type BirthDatePart = keyof BirthDateParts;

export type BirthDateCheck =
  | { status: 'empty' }
  /** Some part missing: nothing to say while typing. */
  | { status: 'incomplete'; missing: BirthDatePart[] }
  /** A year of fewer than four characters (being typed): nothing to say while typing either. */
  | { status: 'shortYear' }
  | { status: 'invalid'; parts: BirthDatePart[] }
  | { status: 'future' }
  | { status: 'ineligible'; iso: string; age: number }
  | { status: 'eligible'; iso: string; age: number; band: Band }
  /** A real date whose eligibility is not known yet (the bands are still loading). */
  | { status: 'valid'; iso: string };

export const INVALID_BIRTH_DATE = () => t('Veuillez saisir une date de naissance valide, par exemple 27 3 1985.');
/** The spec's message, then what to do and who the bilan is for (issue 34), from the bands. */
export const AGE_NOT_ELIGIBLE = () =>
  t(
    'Votre tranche d’âge n’est pas éligible à un questionnaire pour le moment. Parlez-en à votre pharmacien\u00a0; le bilan s’adresse aux {ranges}\u00a0ans.',
    { ranges: ageRanges() },
  );

const partName = (part: BirthDatePart) =>
  part === 'day' ? t('le jour') : part === 'month' ? t('le mois') : t('l’année');

/**
 * Reads the three fields: a complete date is a day and a month of one or two digits and a year
 * of four; then its age in completed years on the Paris calendar (D19) and its band, with the
 * engine's functions and the bands of the registry (null while they load).
 */
export function checkBirthDate(parts: BirthDateParts, now: Date, bands: readonly Band[] | null): BirthDateCheck {
  const day = parts.day.trim();
  const month = parts.month.trim();
  const year = parts.year.trim();
  if (!day && !month && !year) return { status: 'empty' };
  const missing = (['day', 'month', 'year'] as const).filter((key) => !parts[key].trim());
  if (missing.length > 0) return { status: 'incomplete', missing };
  if (year.length < 4) return { status: 'shortYear' };
  const wrong = (['day', 'month', 'year'] as const).filter((key) => {
    const value = parts[key].trim();
    return key === 'year' ? !/^\d{4}$/.test(value) : !/^\d{1,2}$/.test(value);
  });
  if (wrong.length > 0) return { status: 'invalid', parts: wrong };
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  if (Number(year) < 1900) return { status: 'invalid', parts: ['year'] };
  if (!isValidBirthDate(iso, now)) {
    // Either not a real day (31 February) or after today.
    const real = isValidBirthDate(iso, new Date(Date.UTC(9999, 0, 1)));
    return real ? { status: 'future' } : { status: 'invalid', parts: ['day', 'month'] };
  }
  if (!bands) return { status: 'valid', iso };
  const age = ageInYears(iso, now);
  const code = bandForBirthDate(iso, now, bands);
  const band = bands.find((b) => b.code === code);
  return band ? { status: 'eligible', iso, age, band } : { status: 'ineligible', iso, age };
}

/** The error to show for a date of birth, or null when there is none (or nothing to say yet). */
export function birthDateError(check: BirthDateCheck, submitted: boolean): string | null {
  switch (check.status) {
    case 'empty':
      return submitted ? t('Veuillez saisir votre date de naissance.') : null;
    case 'incomplete':
      return submitted
        ? t('Il manque {parts} de votre date de naissance.', { parts: listOf(check.missing.map(partName)) })
        : null;
    case 'shortYear':
      return submitted ? t('L’année de naissance doit comporter 4\u00a0chiffres, par exemple 1985.') : null;
    case 'invalid':
      return INVALID_BIRTH_DATE();
    case 'future':
      return t('La date de naissance doit être dans le passé.');
    case 'ineligible':
      return AGE_NOT_ELIGIBLE();
    default:
      return null;
  }
}

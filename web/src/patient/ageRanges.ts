import { listOf } from '../i18n/listOf';
import { bands } from '../questionnaire/versions';

/** The eligible ages as a list, youngest first, without the word for years: "18-25, 45-50, 60-65 et 70-75". */
export function ageRanges(): string {
  return listOf([...bands].sort((a, b) => a.minAge - b.minAge).map((b) => `${b.minAge}-${b.maxAge}`));
}

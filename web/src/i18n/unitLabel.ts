import { t } from './translate';

/**
 * A definition's unit as the patient's language writes it: « cm » and « kg » are read everywhere,
 * « ans » is French (a version's translation gives its texts, not its units).
 */
export function unitLabel(unit: string): string {
  return unit === 'ans' ? t('ans') : unit;
}

import type { Band } from '@bilan/engine';
import { t } from '../i18n/translate';
import { ageRanges } from './ageRanges';
import { type BirthDateCheck, type BirthDatePart, type BirthDateParts } from './birthDate';

export const BIRTH_DATE_IDS: Record<BirthDatePart, string> = {
  day: 'reg-birth-day',
  month: 'reg-birth-month',
  year: 'reg-birth-year',
};

const PARTS: ReadonlyArray<{ key: BirthDatePart; label: () => string; autoComplete: string; size: number }> = [
  { key: 'day', label: () => t('Jour'), autoComplete: 'bday-day', size: 2 },
  { key: 'month', label: () => t('Mois'), autoComplete: 'bday-month', size: 2 },
  { key: 'year', label: () => t('Année'), autoComplete: 'bday-year', size: 4 },
];

/** Which of the three fields an error concerns (all three when it is about the whole date). */
export function partsInError(check: BirthDateCheck): BirthDatePart[] {
  if (check.status === 'incomplete') return check.missing;
  if (check.status === 'invalid') return check.parts;
  if (check.status === 'shortYear') return ['year'];
  return ['day', 'month', 'year'];
}

/** What the date says as soon as it is complete: the age and the questionnaire, or why there is none. */
function outcomeOf(check: BirthDateCheck, bands: readonly Band[] | null): string {
  if (check.status === 'eligible')
    return t('Vous avez {age}\u00a0ans\u00a0: vous pouvez remplir le questionnaire des {band}.', {
      age: check.age,
      band: check.band.label,
      range: `${check.band.minAge}-${check.band.maxAge}`,
    });
  if (check.status === 'ineligible' && bands)
    return t('Vous avez {age}\u00a0ans. Le questionnaire est proposé aux {ranges}\u00a0ans.', {
      age: check.age,
      ranges: ageRanges(),
    });
  return '';
}

export interface BirthDateFieldProps {
  parts: BirthDateParts;
  check: BirthDateCheck;
  bands: readonly Band[] | null;
  error: string | null;
  onChange: (key: BirthDatePart, value: string) => void;
}

/**
 * The date of birth as three fields, jour, mois, année (D26, as public-service forms ask a date
 * people know): the same in every browser language, unlike a native date input. The age and
 * the eligibility show beside it as soon as the date is complete.
 */
export function BirthDateField({ parts, check, bands, error, onChange }: BirthDateFieldProps) {
  const invalid = error ? partsInError(check) : [];
  const outcome = outcomeOf(check, bands);
  const describedBy = ['reg-birth-hint', error ? 'reg-birth-error' : null, outcome ? 'reg-birth-outcome' : null]
    .filter(Boolean)
    .join(' ');
  return (
    <fieldset className="field birth-date" aria-describedby={describedBy}>
      <legend className="label">{t('Date de naissance *')}</legend>
      <p id="reg-birth-hint" className="hint">
        {t('Par exemple\u00a0: 27 3 1985')}
      </p>
      {error && (
        <p id="reg-birth-error" className="field-error">
          {error}
        </p>
      )}
      <div className="birth-date-parts">
        {PARTS.map(({ key, label, autoComplete, size }) => (
          <div key={key} className="field birth-date-part">
            <label htmlFor={BIRTH_DATE_IDS[key]}>{label()}</label>
            <input
              type="text"
              id={BIRTH_DATE_IDS[key]}
              name={`naissance-${key}`}
              className={`input-width-${size}`}
              inputMode="numeric"
              autoComplete={autoComplete}
              spellCheck={false}
              maxLength={size}
              value={parts[key]}
              aria-invalid={invalid.includes(key) || undefined}
              aria-describedby={invalid.includes(key) ? 'reg-birth-error' : undefined}
              onChange={(event) => onChange(key, event.target.value)}
            />
          </div>
        ))}
      </div>
      <p
        id="reg-birth-outcome"
        className={check.status === 'eligible' ? 'eligibility eligibility-ok' : 'eligibility'}
        aria-live="polite"
      >
        {outcome}
      </p>
    </fieldset>
  );
}

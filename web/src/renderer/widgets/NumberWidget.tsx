import { useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import type { BilanWidgetOptions } from '../uiSchemaOf';
import { LabelledField, controlProps } from './LabelledField';
import { t } from '../../i18n/translate';

/**
 * A height in centimetres that looks typed in metres (1.62 for 162): the value in centimetres
 * when it is below the field's minimum and its hundredfold within the field's range, else null.
 */
function metresAsCentimetres(value: unknown, unit?: string, min?: number, max?: number): number | null {
  if (unit !== 'cm' || typeof value !== 'number' || min === undefined || max === undefined) return null;
  const centimetres = Math.round(value * 100);
  return value < min && centimetres >= min && centimetres <= max ? centimetres : null;
}

/**
 * A number with its minimum, step and unit from the definition (height in cm, weight in kg...);
 * a height typed in metres is offered in centimetres (« Vouliez-vous dire 162 cm ? », issue 34).
 */
export function NumberWidget(props: WidgetProps) {
  const { id, label, value, onChange } = props;
  const { help, unit, min, max, step } = props.options as BilanWidgetOptions;
  // The text being typed ("70," "1e") is kept locally so the field never fights the person typing.
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? (typeof value === 'number' ? String(value) : '');
  const inCentimetres = metresAsCentimetres(value, unit, min, max);
  return (
    <LabelledField id={id} label={unit ? `${label} (${unit})` : label} help={help}>
      <input
        type="number"
        {...controlProps(props, help)}
        inputMode="decimal"
        min={min}
        max={max}
        step={step}
        value={shown}
        onChange={(event) => {
          const raw = event.target.value;
          setDraft(raw);
          const parsed = raw.trim() === '' ? undefined : Number(raw.replace(',', '.'));
          onChange(parsed === undefined || Number.isNaN(parsed) ? undefined : parsed);
        }}
        onBlur={() => setDraft(null)}
      />
      <p className="metres-hint" aria-live="polite">
        {inCentimetres !== null && (
          <>
            {t('Vouliez-vous dire {centimetres}\u00a0cm\u00a0?', { centimetres: inCentimetres })}{' '}
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => {
                setDraft(null);
                onChange(inCentimetres);
              }}
            >
              {t('Oui, {centimetres}\u00a0cm', { centimetres: inCentimetres })}
            </button>
          </>
        )}
      </p>
    </LabelledField>
  );
}

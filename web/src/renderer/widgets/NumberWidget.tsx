import { useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import type { BilanWidgetOptions } from '../uiSchemaOf';
import { describedBy } from './describedBy';

/** A number with its minimum, step and unit from the definition (height in cm, weight in kg...). */
export function NumberWidget(props: WidgetProps) {
  const { id, label, value, onChange, disabled, readonly, rawErrors } = props;
  const { help, unit, min, max, step } = props.options as BilanWidgetOptions;
  const errors = rawErrors?.length ? rawErrors : undefined;
  // The text being typed ("70," "1e") is kept locally so the field never fights the person typing.
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? (typeof value === 'number' ? String(value) : '');
  return (
    <div className="question field">
      <label htmlFor={id} className="question-label">
        {unit ? `${label} (${unit})` : label}
      </label>
      {help && (
        <p id={`${id}-help`} className="hint">
          {help}
        </p>
      )}
      <input
        type="number"
        id={id}
        name={id}
        inputMode="decimal"
        min={min}
        max={max}
        step={step}
        value={shown}
        disabled={disabled || readonly}
        aria-invalid={errors ? true : undefined}
        aria-describedby={describedBy(id, help, errors)}
        onChange={(event) => {
          const raw = event.target.value;
          setDraft(raw);
          const parsed = raw.trim() === '' ? undefined : Number(raw.replace(',', '.'));
          onChange(parsed === undefined || Number.isNaN(parsed) ? undefined : parsed);
        }}
        onBlur={() => setDraft(null)}
      />
    </div>
  );
}

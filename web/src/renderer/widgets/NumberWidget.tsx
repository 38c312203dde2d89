import { useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import type { BilanWidgetOptions } from '../uiSchemaOf';
import { LabelledField, controlProps } from './LabelledField';

/** A number with its minimum, step and unit from the definition (height in cm, weight in kg...). */
export function NumberWidget(props: WidgetProps) {
  const { id, label, value, onChange } = props;
  const { help, unit, min, max, step } = props.options as BilanWidgetOptions;
  // The text being typed ("70," "1e") is kept locally so the field never fights the person typing.
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? (typeof value === 'number' ? String(value) : '');
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
    </LabelledField>
  );
}

import type { WidgetProps } from '@rjsf/utils';
import type { BilanWidgetOptions } from '../uiSchemaOf';
import { describedBy } from './describedBy';

/** A one-line free text (e.g. "Précisez"); its limit comes from the section schema. */
export function TextWidget(props: WidgetProps) {
  const { id, label, value, onChange, schema, disabled, readonly, rawErrors } = props;
  const { help } = props.options as BilanWidgetOptions;
  const errors = rawErrors?.length ? rawErrors : undefined;
  return (
    <div className="question field">
      <label htmlFor={id} className="question-label">
        {label}
      </label>
      {help && (
        <p id={`${id}-help`} className="hint">
          {help}
        </p>
      )}
      <input
        type="text"
        id={id}
        name={id}
        value={typeof value === 'string' ? value : ''}
        maxLength={schema.maxLength}
        disabled={disabled || readonly}
        aria-invalid={errors ? true : undefined}
        aria-describedby={describedBy(id, help, errors)}
        onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
      />
    </div>
  );
}

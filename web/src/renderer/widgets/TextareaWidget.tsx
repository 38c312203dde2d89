import type { WidgetProps } from '@rjsf/utils';
import type { BilanWidgetOptions } from '../uiSchemaOf';
import { describedBy } from './describedBy';

/** A multi-line free text with the number of rows the definition gives. */
export function TextareaWidget(props: WidgetProps) {
  const { id, label, value, onChange, schema, disabled, readonly, rawErrors } = props;
  const { help, rows } = props.options as BilanWidgetOptions;
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
      <textarea
        id={id}
        name={id}
        rows={rows}
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

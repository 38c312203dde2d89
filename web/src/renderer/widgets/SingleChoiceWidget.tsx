import { useRef } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import type { BilanWidgetOptions } from '../uiSchemaOf';
import { describedBy } from './describedBy';

/**
 * A radio group whose chosen option, clicked again, clears the answer (questionnaires.md 4).
 * Space on the focused, chosen radio clears it too: Chromium fires no click for it, so the
 * keys are handled here, and the browser's own Space action is cancelled so it cannot
 * choose the option again right after. The answer strings are shown exactly as stored (D6).
 */
export function SingleChoiceWidget(props: WidgetProps) {
  // Set while the key that cleared the answer may still produce a click in the same task.
  const swallowClick = useRef(false);
  const { id, label, value, onChange, schema, disabled, readonly, rawErrors } = props;
  const { help } = props.options as BilanWidgetOptions;
  const options = (schema.enum ?? []) as string[];
  const current = typeof value === 'string' ? value : undefined;
  const errors = rawErrors?.length ? rawErrors : undefined;
  return (
    <fieldset className="question question-single" aria-describedby={describedBy(id, help, errors)} aria-invalid={errors ? true : undefined}>
      <legend className="question-label">{label}</legend>
      {help && (
        <p id={`${id}-help`} className="hint">
          {help}
        </p>
      )}
      <div className="choices">
        {options.map((option, index) => (
          <label key={option} className="choice" htmlFor={`${id}-${index}`}>
            <input
              type="radio"
              id={`${id}-${index}`}
              name={id}
              value={option}
              checked={current === option}
              disabled={disabled || readonly}
              onChange={(event) => {
                if (swallowClick.current) return;
                if (event.target.checked && current !== option) onChange(option);
              }}
              onClick={() => {
                // The render-time value: still the old answer when this click is the one that set it.
                if (current === option && !swallowClick.current) onChange(undefined);
              }}
              onKeyDown={(event) => {
                if (event.key === ' ' && current === option) event.preventDefault();
              }}
              onKeyUp={(event) => {
                if (event.key !== ' ' || current !== option) return;
                event.preventDefault();
                swallowClick.current = true;
                setTimeout(() => {
                  swallowClick.current = false;
                }, 0);
                onChange(undefined);
              }}
            />
            <span>{option}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

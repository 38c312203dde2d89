import { useRef } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import type { BilanWidgetOptions } from '../uiSchemaOf';
import { describedBy } from './describedBy';
import { t } from '../../i18n/translate';

/**
 * A radio group of the answer strings (D6): each radio's value is the stored string, its text the
 * catalogue's label, the same words in French typography ("Moins d’une heure" for the stored
 * "Moins d'une heure", D1). The keyboard works as for any radio group (arrows choose, Space
 * chooses the focused option and never clears it). A click or tap on the chosen option clears
 * the answer (docs/product.md §Q4); so that keyboard and screen-reader users can clear it too,
 * an answered question shows "Effacer ma réponse", which then puts the focus back on the first
 * option.
 */
export function SingleChoiceWidget(props: WidgetProps) {
  const { id, label, value, onChange, schema, disabled, readonly, rawErrors } = props;
  const { help, labels } = props.options as BilanWidgetOptions;
  const firstOption = useRef<HTMLInputElement>(null);
  const options = (schema.enum ?? []) as string[];
  const current = typeof value === 'string' ? value : undefined;
  const errors = rawErrors?.length ? rawErrors : undefined;
  const locked = disabled || readonly;
  return (
    <fieldset
      className="question question-single"
      aria-describedby={describedBy(id, help, errors)}
      aria-invalid={errors ? true : undefined}
    >
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
              ref={index === 0 ? firstOption : undefined}
              type="radio"
              id={`${id}-${index}`}
              name={id}
              value={option}
              checked={current === option}
              disabled={locked}
              onChange={(event) => {
                if (event.target.checked && current !== option) onChange(option);
              }}
              onClick={(event) => {
                // A pointer click has a detail of 1 or more; the click a browser makes for Space or
                // Enter has 0 and must never clear. The render-time value is still the old answer
                // when this click is the one that set it.
                if (current === option && event.detail > 0) onChange(undefined);
              }}
            />
            <span>{labels?.[option] ?? option}</span>
          </label>
        ))}
      </div>
      {current !== undefined && !locked && (
        <button
          type="button"
          className="btn-link clear-answer"
          onClick={() => {
            onChange(undefined);
            firstOption.current?.focus();
          }}
        >
          {t('Effacer ma réponse')}
        </button>
      )}
    </fieldset>
  );
}

import type { ReactNode } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { describedBy } from './describedBy';

/** The attributes every single-control widget gives its control: id, state, and what describes it. */
export function controlProps(props: WidgetProps, help: string | undefined) {
  const errors = props.rawErrors?.length ? props.rawErrors : undefined;
  return {
    id: props.id,
    name: props.id,
    disabled: props.disabled || props.readonly,
    'aria-invalid': errors ? true : undefined,
    'aria-describedby': describedBy(props.id, help, errors),
  };
}

/** A question with one control: its label, its optional help text, then the control. */
export function LabelledField({
  id,
  label,
  help,
  children,
}: {
  id: string;
  label: string;
  help?: string;
  children: ReactNode;
}) {
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
      {children}
    </div>
  );
}

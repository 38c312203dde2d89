import type { WidgetProps } from '@rjsf/utils';
import type { BilanWidgetOptions } from '../uiSchemaOf';
import { LabelledField, controlProps } from './LabelledField';

/** A multi-line free text with the number of rows the definition gives. */
export function TextareaWidget(props: WidgetProps) {
  const { id, label, value, onChange, schema } = props;
  const { help, rows } = props.options as BilanWidgetOptions;
  return (
    <LabelledField id={id} label={label} help={help}>
      <textarea
        {...controlProps(props, help)}
        rows={rows}
        value={typeof value === 'string' ? value : ''}
        maxLength={schema.maxLength}
        onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
      />
    </LabelledField>
  );
}

import type { WidgetProps } from '@rjsf/utils';
import type { BilanWidgetOptions } from '../uiSchemaOf';
import { LabelledField, controlProps } from './LabelledField';

/** A one-line free text (e.g. "Précisez"); its limit comes from the section schema. */
export function TextWidget(props: WidgetProps) {
  const { id, label, value, onChange, schema } = props;
  const { help } = props.options as BilanWidgetOptions;
  return (
    <LabelledField id={id} label={label} help={help}>
      <input
        type="text"
        {...controlProps(props, help)}
        value={typeof value === 'string' ? value : ''}
        maxLength={schema.maxLength}
        onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
      />
    </LabelledField>
  );
}

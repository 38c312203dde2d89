import type { WidgetProps } from '@rjsf/utils';

/** One box of a checkbox group: an independent boolean (no exclusivity, docs/product.md §Q4). */
export function BoxWidget(props: WidgetProps) {
  const { id, label, value, onChange, disabled, readonly } = props;
  return (
    <label className="choice" htmlFor={id}>
      <input
        type="checkbox"
        id={id}
        name={id}
        checked={value === true}
        disabled={disabled || readonly}
        // An unticked box is a blank, not false: nothing is stored for it.
        onChange={(event) => onChange(event.target.checked ? true : undefined)}
      />
      <span>{label}</span>
    </label>
  );
}

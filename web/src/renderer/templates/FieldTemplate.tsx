import type { FieldTemplateProps } from '@rjsf/utils';

/** Our widgets label themselves (label or fieldset legend); the template only adds the error line. */
export function FieldTemplate(props: FieldTemplateProps) {
  const { id, children, rawErrors, hidden } = props;
  if (hidden) return <div hidden>{children}</div>;
  const errors = rawErrors?.filter(Boolean) ?? [];
  return (
    <div className="field-row">
      {children}
      {errors.length > 0 && (
        <p id={`${id}-error`} className="field-error">
          {errors.join(' ')}
        </p>
      )}
    </div>
  );
}

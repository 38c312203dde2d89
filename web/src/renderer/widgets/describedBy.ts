/** The ids a control points to with aria-describedby: its help text and its error, when present. */
export function describedBy(id: string, help: string | undefined, errors: string[] | undefined): string | undefined {
  const ids = [help ? `${id}-help` : null, errors && errors.length > 0 ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** Values put in a text's `{name}` places. */
export type SayValues = Readonly<Record<string, string | number>>;

/**
 * Says a French text, written with `{name}` places, in a reader's language: the server's is
 * French (frenchText), the patient's browser passes its own (web/src/i18n/translate.ts, issue 46).
 */
export type Say = (french: string, values?: SayValues) => string;

/** The French text itself, its places filled. */
export function frenchText(french: string, values?: SayValues): string {
  if (!values) return french;
  return french.replace(/\{(\w+)\}/g, (place, name: string) => (name in values ? String(values[name]) : place));
}

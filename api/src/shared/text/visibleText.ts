// What people read never holds an invisible format character (Unicode Cf: the bidirectional
// controls U+202A-202E and U+2066-2069, zero-width characters...): "photo\u202Egnp.exe" shows as
// "photoexe.png". Texts are cleaned on arrival (safeText.ts); rows stored before that rule are
// cleaned again where they leave the server for a person: the staff's JSON, the exports, the PDFs.

const INVISIBLE = /\p{Cf}/u;
const INVISIBLES = /\p{Cf}/gu;

export function withoutInvisible(text: string): string {
  return INVISIBLE.test(text) ? text.replace(INVISIBLES, '') : text;
}

const isPlainObject = (value: object): value is Record<string, unknown> => {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

/**
 * A copy of a value built by the server (an answer's view, a document definition) whose every
 * string, keys included, is without invisible characters; anything but plain objects and arrays
 * (a Buffer, a Date) is kept as it is.
 */
export function visibleStrings<T>(value: T): T {
  if (typeof value === 'string') return withoutInvisible(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => visibleStrings(item)) as T;
  if (value !== null && typeof value === 'object' && isPlainObject(value)) {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) copy[withoutInvisible(key)] = visibleStrings(item);
    return copy as T;
  }
  return value;
}

// What French typography asks of a text people read (Imprimerie nationale usage, as the DSFR
// writes French), shared by the checker (typographyFaults) and the fixer (frenchTypography).
// One convention: U+00A0 (no-break space) before : ; ! ? », after «, and between a number and
// its unit or currency; U+202F is kept for the thousands of formatNumber only.

export const NBSP = '\u00a0';
export const NNBSP = '\u202f';
export const APOSTROPHE = '\u2019';

/** Punctuation that takes a no-break space before it. */
const HIGH_PUNCTUATION = ':;!?';

/**
 * Units and currencies written after a number. A letter unit counts only as a whole word ("5 m"
 * but not "5 mois"); "ans", "fois" or "jours" are words, not units, and phone numbers never change.
 */
const UNITS = [
  '€',
  '%',
  'kg/m²',
  'kcal',
  'km',
  'kg',
  'cm',
  'mm',
  'mg',
  'µg',
  'ml',
  'cl',
  'min',
  'g',
  'l',
  'm',
  'h',
  'j',
];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** UNITS as a regular-expression alternation (for the checker, the fixer and the source-text test). */
export const UNIT_ALTERNATION = UNITS.map(escape).join('|');

/** A number (its last digit), the space or no space after it, then a unit that ends there. */
export const NUMBER_UNIT = new RegExp(`(?<=\\d)([ ${NNBSP}${NBSP}]?)(${UNIT_ALTERNATION})(?![\\p{L}\\d'’])`, 'gu');

/**
 * An ordinary, narrow or no space before € or % after anything but a number ("${price} €"). The
 * euro sign is escaped: esbuild copies a regular expression as written, and one character past
 * U+00FF in a bundled chunk makes V8 keep the chunk's whole source at two bytes a character.
 */
export const BEFORE_SYMBOL = /(?<=[^\s\d])([ \u202f]?)(?=[\u20ac%])/gu;

/** A straight apostrophe between two letters: "l'IMC", "aujourd'hui". */
export const STRAIGHT_APOSTROPHE = /(?<=\p{L})'(?=\p{L})/gu;

/**
 * Addresses are not French prose: their colons, slashes and dots stay as they are. Masked before
 * any rule runs (same length, so positions still point into the original text).
 */
const ADDRESS = /\b(?:https?:\/\/|mailto:|tel:|www\.)[^\s«»"<>]*[^\s«»"<>.,;:!?)]|[\w.+-]+@[\w-]+(?:\.[\w-]+)+/gu;

export function maskAddresses(text: string): string {
  return text.replace(ADDRESS, (address) => '\u0000'.repeat(address.length));
}

/** A line break or tab: a sign after it starts a line, and the rules leave it alone. */
function isLineSpace(c: string | undefined): boolean {
  return c !== undefined && /[^\S \u00a0\u202f]/u.test(c);
}

/**
 * Whether the character at `index` (one of : ; ! ?) is French punctuation: followed by the end,
 * a space or a closing sign. "10:30", "a:b" or "?q=1" are not sentences.
 */
function isSentencePunctuation(text: string, index: number): boolean {
  const next = text[index + 1];
  // \u2019 is the typographic apostrophe, escaped for the reason given at BEFORE_SYMBOL.
  return next === undefined || /[\s)»"\u2019!?.]/u.test(next);
}

/**
 * Whether the sign at `index` of a masked text (: ; ! ? or ») takes a no-break space before it:
 * not at the start of the text or of a line, not a colon inside "10:30", not the second sign of
 * "?!". The checker reports it unless a U+00A0 is there; the fixer puts one there.
 */
export function takesSpaceBefore(masked: string, index: number): boolean {
  const sign = masked[index] ?? '';
  const before = masked[index - 1];
  if (index === 0 || isLineSpace(before)) return false;
  if (sign === '»') return true;
  return (
    HIGH_PUNCTUATION.includes(sign) && isSentencePunctuation(masked, index) && !HIGH_PUNCTUATION.includes(before ?? '')
  );
}

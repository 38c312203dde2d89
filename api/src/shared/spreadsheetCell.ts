import { withoutInvisible } from './text/visibleText';

/**
 * A spreadsheet cell that cannot run as a formula (OWASP "CSV injection"): a text beginning with
 * = + - @, a tab or a carriage return gets a leading single quote, so that Excel, LibreOffice and
 * Google Sheets read it as text even once the file is saved again as CSV or the cell is edited.
 * Numbers stay numbers; a patient's name or answer such as "=HYPERLINK(...)" stays readable. An
 * invisible format character (a text reversed by U+202E) is removed first, so that none hides the
 * formula's first character either.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Texts already made safe, by text: an export asks for the same answers thousands of times. Bounded. */
const safe = new Map<string, string>();
const SAFE_MAX = 20_000;

export function spreadsheetCell<T>(value: T): T | string {
  if (typeof value !== 'string') return value;
  const known = safe.get(value);
  if (known !== undefined) return known;
  const text = withoutInvisible(value);
  const cell = FORMULA_START.test(text) ? `'${text}` : text;
  if (safe.size < SAFE_MAX) safe.set(value, cell);
  return cell;
}

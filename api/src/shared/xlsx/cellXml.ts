// The XML of a worksheet's rows (SpreadsheetML, ECMA-376 part 1 §18.3), written as text: the
// export's 10,000 rows of 160 cells are 1.6 million cells, and building an object per cell before
// writing it was most of the export's time.

/** What a cell may hold; null and undefined leave it empty. */
export type CellValue = string | number | boolean | Date | null | undefined;

/** Characters XML 1.0 cannot carry (controls but tab and line breaks, lone surrogates, U+FFFE-F): dropped. */
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- these control characters are what the pattern is for
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const MARKUP = /[&<>"]/g;
const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Any character the two replacements below would touch: most cells have none, and skip them. */
// eslint-disable-next-line no-control-regex -- as NOT_XML
const ANY_TO_CHANGE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f&<>"\ud800-\udfff\ufffe\uffff]/;

/** A text as XML character data or attribute value. */
export function escapeXml(text: string): string {
  if (!ANY_TO_CHANGE.test(text)) return text;
  return text.replace(NOT_XML, '').replace(MARKUP, (c) => ENTITIES[c] ?? c);
}

const letters: string[] = [];
/** A column's letters from its index (0 → A, 25 → Z, 26 → AA). */
export function columnName(index: number): string {
  let name = letters[index];
  if (name === undefined) {
    name = '';
    for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
    letters[index] = name;
  }
  return name;
}

/** Excel's serial day number of a date (1900 system): days since 1899-12-30, read from the Date's UTC fields. */
function excelSerial(date: Date): number {
  return 25569 + date.getTime() / 86_400_000;
}

/** Text that starts or ends with white space, or runs over lines, keeps it only when marked so. */
const NEEDS_PRESERVE = /^\s|\s$|\n/;

/**
 * The XML after a text cell's reference, by text: an export repeats the same answers thousands of
 * times (« Non », « Jamais »), escaped once each. Bounded, so that the names and free texts of a
 * large export do not pile up in memory.
 */
const textTails = new Map<string, string>();
const TEXT_TAILS_MAX = 20_000;

function textTail(value: string): string {
  let tail = textTails.get(value);
  if (tail === undefined) {
    const space = NEEDS_PRESERVE.test(value) ? ' xml:space="preserve"' : '';
    tail = ` t="inlineStr"><is><t${space}>${escapeXml(value)}</t></is></c>`;
    if (textTails.size < TEXT_TAILS_MAX) textTails.set(value, tail);
  }
  return tail;
}

/** One cell's XML at `ref` (A1), with the index of its style in the workbook's cellXfs (0: none). */
function cellXml(ref: string, value: CellValue, style: number): string {
  if (value === null || value === undefined) return '';
  const s = style === 0 ? '' : ` s="${style}"`;
  if (typeof value === 'string') return `<c r="${ref}"${s}${textTail(value)}`;
  if (typeof value === 'number') return Number.isFinite(value) ? `<c r="${ref}"${s}><v>${value}</v></c>` : '';
  if (typeof value === 'boolean') return `<c r="${ref}"${s} t="b"><v>${value ? 1 : 0}</v></c>`;
  const serial = excelSerial(value);
  return Number.isFinite(serial) ? `<c r="${ref}"${s}><v>${serial}</v></c>` : '';
}

/** A row's XML: `row` counts from 1, `styles` gives each cell's style (one for all, or one per column). */
export function rowXml(row: number, cells: readonly CellValue[], styles: number | readonly number[]): string {
  // Joined rather than added up: a row of 160 cells added piece by piece is a string of 160 parts
  // that V8 must flatten again when it is encoded, which cost more than building it.
  const parts: string[] = [`<row r="${row}">`];
  for (let i = 0; i < cells.length; i++) {
    const style = typeof styles === 'number' ? styles : (styles[i] ?? 0);
    parts.push(cellXml(`${columnName(i)}${row}`, cells[i], style));
  }
  parts.push('</row>');
  return parts.join('');
}

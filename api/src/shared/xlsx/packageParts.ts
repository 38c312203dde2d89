// The parts of an .xlsx package around its worksheets (ECMA-376 parts 1 and 2): content types,
// relationships, workbook, styles, properties, and the notes of a sheet (comments and their VML
// shapes, which Excel needs to show a note on hover). Written once the sheets are known.
import { columnName, escapeXml } from './cellXml';

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

/** What the package says of one worksheet. */
export interface SheetPart {
  name: string;
  /** 1, 2, … : the part is xl/worksheets/sheet<n>.xml. */
  n: number;
  hasNotes: boolean;
}

/** A cell style: bold, and/or a number format (a date, one decimal). */
export interface CellStyle {
  bold?: boolean;
  numFmt?: string;
}

function relationships(rels: Array<[id: string, type: string, target: string]>): string {
  const items = rels.map(([id, type, target]) => `<Relationship Id="${id}" Type="${type}" Target="${target}"/>`);
  return `${XML}<Relationships xmlns="${PKG_REL}">${items.join('')}</Relationships>`;
}

export function contentTypes(sheets: readonly SheetPart[]): string {
  const overrides = [
    ['/xl/workbook.xml', `${TYPE}.sheet.main+xml`],
    ['/xl/styles.xml', `${TYPE}.styles+xml`],
    ['/docProps/core.xml', 'application/vnd.openxmlformats-package.core-properties+xml'],
    ...sheets.flatMap((s) => [
      [`/xl/worksheets/sheet${s.n}.xml`, `${TYPE}.worksheet+xml`],
      ...(s.hasNotes ? [[`/xl/comments${s.n}.xml`, `${TYPE}.comments+xml`]] : []),
    ]),
  ];
  return (
    `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Default Extension="vml" ContentType="application/vnd.openxmlformats-officedocument.vmlDrawing"/>' +
    overrides.map(([part, type]) => `<Override PartName="${part}" ContentType="${type}"/>`).join('') +
    '</Types>'
  );
}

export function packageRels(): string {
  return relationships([
    ['rId1', `${REL}/officeDocument`, 'xl/workbook.xml'],
    ['rId2', `${PKG_REL}/metadata/core-properties`, 'docProps/core.xml'],
  ]);
}

export function coreProperties(creator: string, date: Date): string {
  const at = `${date.toISOString().slice(0, 19)}Z`;
  return (
    `${XML}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ` +
    'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" ' +
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    `<dc:creator>${escapeXml(creator)}</dc:creator>` +
    `<dcterms:created xsi:type="dcterms:W3CDTF">${at}</dcterms:created>` +
    `<dcterms:modified xsi:type="dcterms:W3CDTF">${at}</dcterms:modified></cp:coreProperties>`
  );
}

export function workbook(sheets: readonly SheetPart[]): string {
  const items = sheets.map((s) => `<sheet name="${escapeXml(s.name)}" sheetId="${s.n}" r:id="rId${s.n + 1}"/>`);
  return `${XML}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets>${items.join('')}</sheets></workbook>`;
}

export function workbookRels(sheets: readonly SheetPart[]): string {
  return relationships([
    ['rId1', `${REL}/styles`, 'styles.xml'],
    ...sheets.map((s): [string, string, string] => [`rId${s.n + 1}`, `${REL}/worksheet`, `worksheets/sheet${s.n}.xml`]),
  ]);
}

/** The style sheet: cellXfs 0 is the plain cell, then `styles` in their order (index + 1). */
export function styleSheet(styles: readonly CellStyle[]): string {
  const formats = [...new Set(styles.flatMap((s) => (s.numFmt ? [s.numFmt] : [])))];
  // 164 is the first identifier of a format of one's own (those below are Excel's built-in ones).
  const formatId = (code: string | undefined) => (code ? 164 + formats.indexOf(code) : 0);
  const xfs = styles.map((s) => {
    const id = formatId(s.numFmt);
    return `<xf numFmtId="${id}" fontId="${s.bold ? 1 : 0}" fillId="0" borderId="0" xfId="0"${s.bold ? ' applyFont="1"' : ''}${id ? ' applyNumberFormat="1"' : ''}/>`;
  });
  return (
    `${XML}<styleSheet xmlns="${MAIN}">` +
    (formats.length > 0
      ? `<numFmts count="${formats.length}">${formats.map((code, i) => `<numFmt numFmtId="${164 + i}" formatCode="${escapeXml(code)}"/>`).join('')}</numFmts>`
      : '') +
    '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>' +
    '<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    `<cellXfs count="${styles.length + 1}"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>${xfs.join('')}</cellXfs>` +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>'
  );
}

/** A worksheet's opening, up to its first row: the frozen rows on top, the columns' widths. */
export function sheetStart(widths: readonly number[], frozenRows: number): string {
  const pane =
    frozenRows > 0
      ? `<sheetViews><sheetView workbookViewId="0"><pane ySplit="${frozenRows}" topLeftCell="A${frozenRows + 1}" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft"/></sheetView></sheetViews>`
      : '';
  const cols =
    widths.length > 0
      ? `<cols>${widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join('')}</cols>`
      : '';
  return `${XML}<worksheet xmlns="${MAIN}" xmlns:r="${REL}">${pane}<sheetFormatPr defaultRowHeight="15"/>${cols}<sheetData>`;
}

/** A worksheet's end, with the link to its notes' drawing when it has notes. */
export function sheetEnd(hasNotes: boolean): string {
  return `</sheetData>${hasNotes ? '<legacyDrawing r:id="rId2"/>' : ''}</worksheet>`;
}

export function sheetRels(n: number): string {
  return relationships([
    ['rId1', `${REL}/comments`, `../comments${n}.xml`],
    ['rId2', `${REL}/vmlDrawing`, `../drawings/vmlDrawing${n}.vml`],
  ]);
}

/** A note of a cell: its row (from 1) and column (from 0) and its text. */
export interface Note {
  row: number;
  column: number;
  text: string;
}

export function comments(notes: readonly Note[]): string {
  const items = notes.map(
    (note) =>
      `<comment ref="${columnName(note.column)}${note.row}" authorId="0"><text><r><t xml:space="preserve">${escapeXml(note.text)}</t></r></text></comment>`,
  );
  return `${XML}<comments xmlns="${MAIN}"><authors><author></author></authors><commentList>${items.join('')}</commentList></comments>`;
}

/**
 * The shapes of one sheet's notes take their numbers in a block of 1,024 of their own (the
 * drawing's idmap): a sheet holds at most that many notes, far more than the export's columns.
 */
const MAX_NOTES_PER_SHEET = 1023;

/** The hidden shapes Excel draws a sheet's notes in (one per note, beside its cell). */
export function notesDrawing(n: number, notes: readonly Note[]): string {
  if (notes.length > MAX_NOTES_PER_SHEET) throw new Error(`a sheet holds at most ${MAX_NOTES_PER_SHEET} notes`);
  const shapes = notes.map((note, i) => {
    const row = note.row - 1;
    const anchor = `${note.column + 1}, 15, ${row}, 10, ${note.column + 3}, 15, ${row + 4}, 4`;
    return (
      `<v:shape id="_x0000_s${n * 1024 + 1 + i}" type="#_x0000_t202" style="position:absolute;width:144pt;height:72pt;z-index:${i + 1};visibility:hidden" fillcolor="#ffffe1" o:insetmode="auto">` +
      '<v:fill color2="#ffffe1"/><v:shadow color="black" obscured="t"/><v:path o:connecttype="none"/>' +
      '<v:textbox style="mso-direction-alt:auto"><div style="text-align:left"></div></v:textbox>' +
      `<x:ClientData ObjectType="Note"><x:MoveWithCells/><x:SizeWithCells/><x:Anchor>${anchor}</x:Anchor><x:AutoFill>False</x:AutoFill>` +
      `<x:Row>${row}</x:Row><x:Column>${note.column}</x:Column></x:ClientData></v:shape>`
    );
  });
  return (
    '<xml xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:x="urn:schemas-microsoft-com:office:excel">' +
    `<o:shapelayout v:ext="edit"><o:idmap v:ext="edit" data="${n}"/></o:shapelayout>` +
    '<v:shapetype id="_x0000_t202" coordsize="21600,21600" o:spt="202" path="m,l,21600r21600,l21600,xe">' +
    '<v:stroke joinstyle="miter"/><v:path gradientshapeok="t" o:connecttype="rect"/></v:shapetype>' +
    `${shapes.join('')}</xml>`
  );
}

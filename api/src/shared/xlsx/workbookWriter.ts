import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { rowXml, type CellValue } from './cellXml';
import {
  comments,
  contentTypes,
  coreProperties,
  type CellStyle,
  type Note,
  notesDrawing,
  packageRels,
  sheetEnd,
  sheetRels,
  sheetStart,
  type SheetPart,
  styleSheet,
  workbook,
  workbookRels,
} from './packageParts';

/** Text gathered before it is handed to the zip: one write per 64 KB rather than per row. */
const CHUNK = 64 * 1024;

/** One worksheet being written: rows in order, then `end`. */
interface SheetWriter<S extends string> {
  /** Appends a row; `style` names one style for every cell, or one per column (none: plain). */
  addRow(cells: readonly CellValue[], style?: S | readonly (S | undefined)[]): void;
  /** A note on a cell of a row already added (row from 1, column from 0), shown on hover. */
  addNote(row: number, column: number, text: string): void;
  /** Resolves once the archive has taken what was written (the reader's pace). */
  drained(): Promise<void>;
  end(): Promise<void>;
}

/** A workbook written as it goes: its archive is `stream`; sheets one after the other, then `finish`. */
export interface WorkbookWriter<S extends string> {
  stream: Readable;
  addSheet(name: string, options?: { widths?: readonly number[]; frozenRows?: number }): SheetWriter<S>;
  finish(): Promise<void>;
}

/**
 * An .xlsx workbook streamed to its reader: each sheet's rows go through the zip's deflate as they
 * are added, so memory holds a chunk, not the sheet. Its cell styles are named once, up front.
 * Text cells are inline strings; a number stays a number; a Date is a day number (give it a date
 * format), read from its UTC fields.
 */
export async function workbookWriter<S extends string>(options: {
  creator: string;
  /** The archive's dates and the workbook's creation date (the server's clock). */
  date: Date;
  styles: Readonly<Record<S, CellStyle>>;
}): Promise<WorkbookWriter<S>> {
  // Loaded by the first export, not by every server at start (as exceljs was).
  const { default: ZipStream } = await import('zip-stream');
  const zip = new ZipStream({ zlib: { level: 6 } });
  const styleNames = Object.keys(options.styles) as S[];
  const styleIndex = new Map<S | undefined, number>(styleNames.map((name, i) => [name, i + 1]));
  const sheets: SheetPart[] = [];
  let open: SheetWriter<S> | null = null;
  let body: PassThrough | null = null;
  // A reader gone before the end (a download cancelled, the archive destroyed): what is being
  // written fails, so that the writer stops instead of waiting for ever for a drain or an entry.
  let gone: (error: Error) => void = () => undefined;
  const closed = new Promise<never>((_, reject) => (gone = reject));
  closed.catch(() => undefined);
  zip.once('close', () => {
    const error = new Error('the workbook’s reader is gone');
    body?.destroy(error);
    gone(error);
  });
  // zip-stream takes one entry at a time: each waits for the one before it.
  let last: Promise<void> = Promise.resolve();
  const entry = (name: string, source: string | Readable): Promise<void> => {
    const added = last.then(() =>
      Promise.race([
        closed,
        new Promise<void>((resolve, reject) =>
          zip.entry(source, { name, date: options.date }, (error) => (error ? reject(error) : resolve())),
        ),
      ]),
    );
    last = added;
    return added;
  };
  // An entry not waited for: a failure still reaches the next awaited one, which runs after it.
  const queue = (name: string, source: string) => void entry(name, source).catch(() => undefined);

  return {
    stream: zip,
    addSheet(name, sheetOptions = {}) {
      if (open) throw new Error('a workbook writes one sheet at a time: end the previous one first');
      const part: SheetPart = { name, n: sheets.length + 1, hasNotes: false };
      sheets.push(part);
      const sheetBody = new PassThrough();
      // Its failure is the writer's (a drain or an entry waited for rejects): not a crash.
      sheetBody.on('error', () => undefined);
      body = sheetBody;
      const written = entry(`xl/worksheets/sheet${part.n}.xml`, sheetBody);
      // Waited for by end(); a writer that stops before it (its reader gone) hears it from drained().
      written.catch(() => undefined);
      const notes: Note[] = [];
      let pending: string[] = [sheetStart(sheetOptions.widths ?? [], sheetOptions.frozenRows ?? 0)];
      let pendingLength = 0;
      let rows = 0;
      const flush = () => {
        if (pending.length > 0 && !sheetBody.destroyed) sheetBody.write(Buffer.from(pending.join(''), 'utf8'));
        pending = [];
        pendingLength = 0;
      };
      const add = (xml: string) => {
        pending.push(xml);
        pendingLength += xml.length;
        if (pendingLength >= CHUNK) flush();
      };
      const sheet: SheetWriter<S> = {
        addRow(cells, style) {
          rows += 1;
          const styles =
            style === undefined || typeof style === 'string'
              ? (styleIndex.get(style) ?? 0)
              : style.map((s) => styleIndex.get(s) ?? 0);
          add(rowXml(rows, cells, styles));
        },
        addNote(row, column, noteText) {
          notes.push({ row, column, text: noteText });
        },
        async drained() {
          flush();
          if (sheetBody.destroyed) await closed;
          if (sheetBody.writableNeedDrain) await once(sheetBody, 'drain');
        },
        async end() {
          part.hasNotes = notes.length > 0;
          add(sheetEnd(part.hasNotes));
          flush();
          sheetBody.end();
          open = null;
          body = null;
          if (part.hasNotes) {
            queue(`xl/worksheets/_rels/sheet${part.n}.xml.rels`, sheetRels(part.n));
            queue(`xl/comments${part.n}.xml`, comments(notes));
            queue(`xl/drawings/vmlDrawing${part.n}.vml`, notesDrawing(part.n, notes));
          }
          await written;
        },
      };
      open = sheet;
      return sheet;
    },
    async finish() {
      if (open) throw new Error('end the last sheet before finishing the workbook');
      queue('xl/styles.xml', styleSheet(styleNames.map((name) => options.styles[name])));
      queue('xl/workbook.xml', workbook(sheets));
      queue('xl/_rels/workbook.xml.rels', workbookRels(sheets));
      queue('docProps/core.xml', coreProperties(options.creator, options.date));
      queue('_rels/.rels', packageRels());
      await entry('[Content_Types].xml', contentTypes(sheets));
      zip.finalize();
    },
  };
}

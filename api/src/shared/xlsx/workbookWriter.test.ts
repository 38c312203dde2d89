// The workbook writer's output read back by another program's reader (exceljs, which parses the
// package's XML strictly): values, types, styles, notes, frozen rows, widths, several sheets.
import ExcelJS from 'exceljs';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { columnName, escapeXml } from './cellXml';
import { workbookWriter, type WorkbookWriter } from './workbookWriter';

const STYLES = { header: { bold: true }, day: { numFmt: 'dd/mm/yyyy' }, decimal: { numFmt: '0.0' } } as const;
type Style = keyof typeof STYLES;
const NOW = new Date('2026-03-15T10:00:00Z');

/** The archive's bytes once `write` has written the workbook. */
async function bytesOf(write: (book: WorkbookWriter<Style>) => Promise<void>): Promise<Buffer> {
  const book = await workbookWriter({ creator: 'Bilan Prévention', date: NOW, styles: STYLES });
  const chunks: Buffer[] = [];
  const done = pipeline(
    book.stream,
    new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
    }),
  );
  await write(book);
  await done;
  return Buffer.concat(chunks);
}

async function read(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  return wb;
}

describe('workbookWriter', () => {
  it('writes texts, numbers, booleans and dates in their types, and leaves null cells empty', async () => {
    const wb = await read(
      await bytesOf(async (book) => {
        const sheet = book.addSheet('Feuille');
        sheet.addRow(['Nom', 'Âge', 'Fumeur', 'Né le', 'Vide', 'Fin']);
        sheet.addRow(
          ['Lefèvre', 47, true, new Date(Date.UTC(1978, 4, 2)), null, 'x'],
          [undefined, undefined, undefined, 'day'],
        );
        await sheet.end();
        await book.finish();
      }),
    );
    const sheet = wb.getWorksheet('Feuille');
    const row = sheet?.getRow(2);
    expect(row?.getCell(1).value).toBe('Lefèvre');
    expect(row?.getCell(2).value).toBe(47);
    expect(row?.getCell(3).value).toBe(true);
    expect(row?.getCell(4).value).toEqual(new Date('1978-05-02T00:00:00.000Z'));
    expect(row?.getCell(4).numFmt).toBe('dd/mm/yyyy');
    expect(row?.getCell(5).value).toBeNull();
    expect(row?.getCell(6).value).toBe('x');
    expect(wb.creator).toBe('Bilan Prévention');
  });

  it('keeps markup, quotes, emoji and spaces of a text, and drops what XML cannot carry', async () => {
    const texts = [
      'A & B <b>"x"</b>',
      '  deux espaces  ',
      'ligne 1\nligne 2',
      'sourire 😀',
      'nul\u0000ici',
      'seul\ud800',
    ];
    const wb = await read(
      await bytesOf(async (book) => {
        const sheet = book.addSheet('Textes & « guillemets »');
        sheet.addRow(texts);
        await sheet.end();
        await book.finish();
      }),
    );
    const sheet = wb.getWorksheet('Textes & « guillemets »');
    expect(texts.map((_, i) => sheet?.getRow(1).getCell(i + 1).value)).toEqual([
      'A & B <b>"x"</b>',
      '  deux espaces  ',
      'ligne 1\nligne 2',
      'sourire 😀',
      'nulici',
      'seul',
    ]);
  });

  it('writes styles, notes, frozen rows and widths, and several sheets in their order', async () => {
    const wb = await read(
      await bytesOf(async (book) => {
        const first = book.addSheet('18-25 ans', { frozenRows: 1, widths: [10, 28] });
        first.addRow(['Civilité', 'Taille (cm)'], 'header');
        first.addNote(1, 1, 'Quelle est votre taille ? <en cm>');
        first.addRow(['Madame', 172.5], [undefined, 'decimal']);
        await first.end();
        const second = book.addSheet('Bilans par mois');
        second.addRow(['Mois', 'Reçus'], 'header');
        second.addRow(['2026-03', 4]);
        await second.end();
        await book.finish();
      }),
    );
    expect(wb.worksheets.map((w) => w.name)).toEqual(['18-25 ans', 'Bilans par mois']);
    const sheet = wb.getWorksheet('18-25 ans');
    expect(sheet?.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet?.getRow(2).getCell(1).font?.bold).toBeFalsy();
    expect(sheet?.getRow(2).getCell(2).numFmt).toBe('0.0');
    const note = sheet?.getRow(1).getCell(2).note;
    expect(typeof note === 'string' ? note : note?.texts?.map((t) => t.text).join('')).toBe(
      'Quelle est votre taille ? <en cm>',
    );
    expect(sheet?.getRow(1).getCell(1).note).toBeUndefined();
    expect(sheet?.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet?.getColumn(1).width).toBe(10);
    expect(sheet?.getColumn(2).width).toBe(28);
    expect(wb.getWorksheet('Bilans par mois')?.getRow(2).getCell(2).value).toBe(4);
  });

  it('holds a sheet larger than its chunks and its stream buffers, row for row', async () => {
    const rows = 5_000;
    const wb = await read(
      await bytesOf(async (book) => {
        const sheet = book.addSheet('Grande');
        for (let i = 1; i <= rows; i++) {
          sheet.addRow([`patient ${i}`, i, 'une réponse assez longue pour remplir les morceaux du flux']);
          if (i % 500 === 0) await sheet.drained();
        }
        await sheet.end();
        await book.finish();
      }),
    );
    const sheet = wb.getWorksheet('Grande');
    expect(sheet?.rowCount).toBe(rows);
    expect(sheet?.getRow(rows).getCell(1).value).toBe(`patient ${rows}`);
    expect(sheet?.getRow(2_345).getCell(2).value).toBe(2_345);
  });

  it('stops with an error, instead of waiting for ever, when its reader goes away in the middle', async () => {
    const book = await workbookWriter({ creator: 'x', date: NOW, styles: STYLES });
    book.stream.once('data', () => book.stream.destroy());
    const writing = (async () => {
      const sheet = book.addSheet('Annulée');
      for (let i = 1; i <= 200_000; i++) {
        sheet.addRow([`patient ${i}`, i, 'une réponse assez longue pour remplir les morceaux du flux']);
        if (i % 500 === 0) await sheet.drained();
      }
      await sheet.end();
      await book.finish();
    })();
    await expect(writing).rejects.toThrow(/reader is gone/);
  });

  it('refuses a second sheet while one is open, and a finish before the last sheet ends', async () => {
    const book = await workbookWriter({ creator: 'x', date: NOW, styles: STYLES });
    book.stream.resume();
    const sheet = book.addSheet('Une');
    expect(() => book.addSheet('Deux')).toThrow(/one sheet at a time/);
    await expect(book.finish()).rejects.toThrow(/end the last sheet/);
    await sheet.end();
    await book.finish();
  });
});

describe('cellXml', () => {
  it('names columns as a spreadsheet does', () => {
    expect([0, 25, 26, 51, 52, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
  });

  it('escapes markup and leaves other texts as they are', () => {
    expect(escapeXml('a<b>&"c"')).toBe('a&lt;b&gt;&amp;&quot;c&quot;');
    const plain = 'Plusieurs jours — « oui »';
    expect(escapeXml(plain)).toBe(plain);
  });
});

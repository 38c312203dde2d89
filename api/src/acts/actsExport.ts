import { PassThrough } from 'node:stream';
import { paris } from '@bilan/engine';
import { spreadsheetCell } from '../shared/spreadsheetCell';
import { calendarDay, DAY_FORMAT, parisWallClock } from '../shared/excelDate';

// « Actes du mois » (issue 40): the month's acts for reconciliation with the pharmacy's billing
// software, as .xlsx (real dates, amounts as numbers) and as .csv the way French Excel opens it
// (semicolons, UTF-8 with a byte order mark, decimal commas, CRLF); totals per status after the
// acts. No text can run as a formula (spreadsheetCell).

/** One act as the export writes it. */
export interface ActLine {
  /** ISO instant */
  performedAt: string;
  patient: string;
  /** YYYY-MM-DD */
  birthDate: string;
  band: string;
  code: string;
  amountCents: number;
  status: string;
  reference: string | null;
  cancelReason: string | null;
}

const ACT_COLUMNS = [
  'Date',
  'Patient',
  'Date de naissance',
  'Tranche d’âge',
  'Code acte',
  'Montant (€)',
  'Statut',
  'Référence facture',
  'Motif d’annulation',
];

/** The statuses in the totals' order. */
const STATUS_ORDER = ['Réalisé', 'À facturer', 'Facturé', 'Annulé'];

/** Acts and amounts per status, then the total of the acts not cancelled. */
function totalsOf(lines: readonly ActLine[]): { label: string; count: number; cents: number }[] {
  const per = new Map(STATUS_ORDER.map((s) => [s, { count: 0, cents: 0 }]));
  for (const l of lines) {
    const t = per.get(l.status) ?? { count: 0, cents: 0 };
    t.count++;
    t.cents += l.amountCents;
    per.set(l.status, t);
  }
  const billed = [...per]
    .filter(([s]) => s !== 'Annulé')
    .reduce((a, [, t]) => ({ count: a.count + t.count, cents: a.cents + t.cents }), { count: 0, cents: 0 });
  return [...[...per].map(([label, t]) => ({ label, ...t })), { label: 'Total hors annulés', ...billed }];
}

const AMOUNT_FORMAT = '#,##0.00\\ "€"';

/** One style object per kind of cell, shared: exceljs looks a style up by its object. */
const PLAIN = {};
const DAY = { numFmt: DAY_FORMAT };
const AMOUNT = { numFmt: AMOUNT_FORMAT };
const STYLES = [DAY, PLAIN, DAY, PLAIN, PLAIN, AMOUNT, PLAIN, PLAIN, PLAIN];

/**
 * The .xlsx: the sheet « Actes » (a frozen header row), then « Totaux par statut ». Written by
 * exceljs's streaming writer, row by row, as the form export is: a month of 10,000 acts never
 * becomes a whole workbook model in memory.
 */
export async function actsWorkbook(lines: readonly ActLine[]): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Bilan Prévention';
  const sheet = workbook.addWorksheet('Actes', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [12, 32, 16, 14, 10, 12, 12, 20, 30].map((width) => ({ width }));
  const head = sheet.addRow(ACT_COLUMNS);
  head.font = { bold: true };
  head.commit();
  for (const l of lines) {
    const day = parisWallClock(l.performedAt);
    const row = sheet.addRow(
      [
        new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate())),
        l.patient,
        calendarDay(l.birthDate),
        l.band,
        l.code,
        l.amountCents / 100,
        l.status,
        l.reference,
        l.cancelReason,
      ].map(spreadsheetCell),
    );
    row.eachCell({ includeEmpty: true }, (c, n) => {
      c.style = STYLES[n - 1] ?? PLAIN;
    });
    row.commit();
  }
  sheet.commit();
  const totals = workbook.addWorksheet('Totaux par statut');
  totals.columns = [{ width: 22 }, { width: 10 }, { width: 14 }];
  const totalsHead = totals.addRow(['Statut', 'Actes', 'Montant (€)']);
  totalsHead.font = { bold: true };
  totalsHead.commit();
  for (const t of totalsOf(lines)) {
    const row = totals.addRow([t.label, t.count, t.cents / 100]);
    row.getCell(3).style = AMOUNT;
    row.commit();
  }
  totals.commit();
  await workbook.commit();
  await done;
  return Buffer.concat(chunks);
}

/** A CSV field: quoted when it holds a separator, a quote or a line break. */
function field(value: string | number | null): string {
  if (value === null) return '';
  const text = String(spreadsheetCell(value));
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** 30,00 */
const decimal = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

/** The .csv: a header, one line per act (dates as French Excel reads them), a blank line, the totals. */
export function actsCsv(lines: readonly ActLine[]): Buffer {
  const out: string[] = [ACT_COLUMNS.map(field).join(';')];
  for (const l of lines)
    out.push(
      [
        paris.numericDate(l.performedAt),
        l.patient,
        l.birthDate.split('-').reverse().join('/'),
        l.band,
        l.code,
        decimal(l.amountCents),
        l.status,
        l.reference,
        l.cancelReason,
      ]
        .map(field)
        .join(';'),
    );
  out.push('', ['Statut', 'Actes', 'Montant (€)'].map(field).join(';'));
  for (const t of totalsOf(lines)) out.push([field(t.label), t.count, decimal(t.cents)].join(';'));
  return Buffer.from(`\ufeff${out.join('\r\n')}\r\n`, 'utf8');
}

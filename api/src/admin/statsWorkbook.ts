import { spreadsheetCell } from '../shared/spreadsheetCell';

export interface StatsRow {
  clientName: string;
  nom: string;
  email: string;
  months: { month: string; total: number }[];
}

/**
 * The admin's monthly figures as an .xlsx workbook: one row per pharmacy, one column per month
 * (the same 12 months as the chart), its total, and a last row for all pharmacies. A few hundred
 * rows: built in memory. Names are the pharmacies' own text, so no cell can run as a formula.
 */
export async function statsWorkbook(rows: readonly StatsRow[], months: readonly string[]): Promise<Buffer> {
  // Loaded on demand, as for the pharmacies' export.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Bilan Prévention';
  const sheet = workbook.addWorksheet('Chiffres mensuels');
  sheet.addRow(['Pharmacie', 'Nom', 'E-mail', ...months, 'Total']).font = { bold: true };
  const totals = months.map(() => 0);
  for (const row of rows) {
    const values = months.map((m) => row.months.find((x) => x.month === m)?.total ?? 0);
    values.forEach((v, i) => (totals[i] = (totals[i] ?? 0) + v));
    sheet.addRow([
      spreadsheetCell(row.clientName),
      spreadsheetCell(row.nom),
      spreadsheetCell(row.email),
      ...values,
      values.reduce((a, b) => a + b, 0),
    ]);
  }
  sheet.addRow(['Toutes pharmacies', null, null, ...totals, totals.reduce((a, b) => a + b, 0)]).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

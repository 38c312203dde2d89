// Readers for the end-to-end test of the accounts (web/e2e/accounts.e2e.ts): they live here
// because exceljs and better-sqlite3 are dependencies of the API package, not of the web one.
import ExcelJS from 'exceljs';
import Database from 'better-sqlite3';

/** Every sheet of an .xlsx file as rows of cell texts (row 1 = headers). */
export async function readWorkbook(bytes: Buffer): Promise<Record<string, (string | number | null)[][]>> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheets: Record<string, (string | number | null)[][]> = {};
  for (const sheet of wb.worksheets) {
    const rows: (string | number | null)[][] = [];
    sheet.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1).map((v) => (v === undefined || v === null ? null : typeof v === 'number' ? v : String(v))));
    });
    sheets[sheet.name] = rows;
  }
  return sheets;
}

/** The audit log of a database file, oldest first. */
export function readAuditLog(dbFile: string): { actor_account_id: number; action: string; patient_id: number | null; created_at: string }[] {
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT actor_account_id, action, patient_id, created_at FROM audit_log ORDER BY id').all() as never;
  } finally {
    db.close();
  }
}

// Readers of what the server stored, for the end-to-end tests (web/e2e) and the reliability runs:
// they live here because exceljs and better-sqlite3 are dependencies of the API package, not of
// the web one. A finished form can no longer be read with its patient token (D23): tests read it
// from the database file.
import type { Answers } from '@bilan/engine';
import ExcelJS from 'exceljs';
import Database from 'better-sqlite3';
import { folderPdfStore, type PdfStore } from '../src/db/pdfStore';
import { pdfBytes } from '../src/reports/repository';
import type { FastifyInstance } from 'fastify';
import { sqlAll } from './sql';

/** Every sheet of an .xlsx file as rows of cell texts (row 1 = headers). */
export async function readWorkbook(bytes: Buffer): Promise<Record<string, (string | number | null)[][]>> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheets: Record<string, (string | number | null)[][]> = {};
  for (const sheet of wb.worksheets) {
    const rows: (string | number | null)[][] = [];
    sheet.eachRow((row) => {
      rows.push(
        (row.values as unknown[])
          .slice(1)
          .map((v) => (v === undefined || v === null ? null : typeof v === 'number' ? v : String(v))),
      );
    });
    sheets[sheet.name] = rows;
  }
  return sheets;
}

/** Every sheet of an .xlsx as exceljs reads its cells: dates stay Dates, numbers numbers (the act's export read back). */
export async function readWorkbookCells(bytes: Buffer): Promise<Record<string, unknown[][]>> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheets: Record<string, unknown[][]> = {};
  for (const sheet of wb.worksheets) {
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    sheets[sheet.name] = rows;
  }
  return sheets;
}

/** The audit log of a database file, oldest first. */
export function readAuditLog(
  dbFile: string,
): { actor_account_id: number; action: string; patient_id: number | null; created_at: string }[] {
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare('SELECT actor_account_id, action, patient_id, created_at FROM audit_log ORDER BY id')
      .all() as never;
  } finally {
    db.close();
  }
}

/** A patient's stored form, in the words of GET /api/utilisateur/me; undefined when there is none. */
export interface StoredForm {
  status: 'in_progress' | 'submitted';
  ageGroup: string;
  reponses: Answers;
  savedPages: string[];
}

/** The stored form of a patient, read from a database file (the server may be running: WAL). */
export function readForm(dbFile: string, patientId: number): StoredForm | undefined {
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare(
        'SELECT f.status, p.band, f.answers, f.saved_sections AS saved FROM forms f JOIN patients p ON p.id = f.patient_id WHERE p.id = ?',
      )
      .get(patientId) as { status: StoredForm['status']; band: string; answers: string; saved: string } | undefined;
    return (
      row && {
        status: row.status,
        ageGroup: row.band,
        reponses: JSON.parse(row.answers) as StoredForm['reponses'],
        savedPages: JSON.parse(row.saved) as string[],
      }
    );
  } finally {
    db.close();
  }
}

/** A form's documents, as both readers below query them (SQL both databases run). */
const DOCUMENTS_OF_PATIENT =
  'SELECT d.kind, d.bytes, d.content, d.file_key AS "fileKey" FROM documents d JOIN forms f ON f.id = d.form_id WHERE f.patient_id = ? ORDER BY d.kind';
type DocumentRead = { kind: string; bytes: number; content: Buffer; fileKey: string | null };

/** Each document with its bytes, read as a pharmacist's download reads them: from the PDF store, or from the row for those stored before it. */
function withContent(
  pdfs: PdfStore,
  rows: DocumentRead[],
): Promise<{ kind: string; bytes: number; content: Buffer }[]> {
  return Promise.all(
    rows.map(async (r) => ({ kind: r.kind, bytes: r.bytes, content: (await pdfBytes(pdfs, r)) ?? Buffer.alloc(0) })),
  );
}

/** The stored PDFs of a patient's form in a running app's database (SQLite or PostgreSQL) and PDF store. */
export async function storedPdfsOf(
  app: FastifyInstance,
  patientId: number,
): Promise<{ kind: string; bytes: number; content: Buffer }[]> {
  return withContent(app.pdfStore, await sqlAll<DocumentRead>(app, DOCUMENTS_OF_PATIENT, patientId));
}

/** The stored PDFs of a patient's form in a server's SQLite file (another process) and its PDF folder (config.pdfDir). */
export async function readStoredPdfs(
  dbFile: string,
  pdfDir: string,
  patientId: number,
): Promise<{ kind: string; bytes: number; content: Buffer }[]> {
  const db = new Database(dbFile, { readonly: true });
  let rows: DocumentRead[];
  try {
    rows = db.prepare(DOCUMENTS_OF_PATIENT).all(patientId) as DocumentRead[];
  } finally {
    db.close();
  }
  return withContent(folderPdfStore(pdfDir), rows);
}

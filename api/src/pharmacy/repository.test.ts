import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { openDatabase, type OpenedDb } from '../db/client';
import * as schema from '../db/schema';
import { runMigrations } from '../db/migrate';
import { insertBulkForms } from '../../test/reliability/bulkForms';
import { pharmacyRepository } from './repository';

// A real SQLite file with several pharmacies, one form left in progress: the condition selects the
// right rows, and SQLite answers it from the pharmacy's rows, not by reading every submitted form.
const dir = mkdtempSync(join(tmpdir(), 'bilan-submitted-'));
const file = join(dir, 'db.sqlite');
let opened: OpenedDb;
let ids: number[];

beforeAll(() => {
  opened = openDatabase(file);
  runMigrations(opened.db);
  ids = insertBulkForms(file, { formsPerPharmacy: [30, 20, 25], now: new Date('2026-03-10T10:00:00Z'), spreadDays: 60 }).pharmacyIds;
  opened.sqlite.prepare("UPDATE forms SET status = 'in_progress', submitted_at = NULL WHERE id = (SELECT f.id FROM forms f JOIN patients p ON p.id = f.patient_id WHERE p.pharmacy_id = ? LIMIT 1)").run(ids[1]);
});

afterAll(() => {
  opened.sqlite.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('submittedOfPharmacy (through pharmacyRepository.submittedForms)', () => {
  it("selects the pharmacy's submitted forms only, newest first", async () => {
    const forms = await pharmacyRepository(opened.db).submittedForms(ids[1] as number);
    expect(forms).toHaveLength(19);
    const owners = opened.sqlite.prepare(`SELECT DISTINCT pharmacy_id AS c FROM patients WHERE id IN (${forms.map((f) => f.patientId).join(',')})`).all();
    expect(owners).toEqual([{ c: ids[1] }]);
    const times = forms.map((f) => f.submittedAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it("is answered from the pharmacy's rows (pharmacy index), never by scanning the status index", async () => {
    // The statement submittedForms really runs, as SQLite expands it with its parameters.
    const statements: string[] = [];
    const traced = new Database(file, { verbose: (message) => statements.push(String(message)) });
    await pharmacyRepository(drizzle(traced, { schema })).submittedForms(ids[0] as number);
    const plan = traced
      .prepare(`EXPLAIN QUERY PLAN ${statements.at(-1) ?? ''}`)
      .all()
      .map((r) => (r as { detail: string }).detail);
    traced.close();
    expect(plan.join(' | ')).not.toContain('forms_status_submitted_idx');
    expect(plan[0]).toMatch(/^SEARCH patients USING (COVERING )?INDEX patients_pharmacy_/);
  });
});

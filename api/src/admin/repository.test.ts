import { paris } from '@bilan/engine';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { openDatabase, type OpenedDb } from '../db/client';
import { sqliteStore } from '../db/store';
import * as schema from '../db/schema';
import { runMigrations } from '../db/migrate';
import { insertBulkForms } from '../../test/reliability/bulkForms';
import { adminRepository } from './repository';

// A real SQLite file, forms of several pharmacies over 400 days, one left in progress.
const dir = mkdtempSync(join(tmpdir(), 'bilan-admin-stats-'));
const file = join(dir, 'db.sqlite');
let opened: OpenedDb;

beforeAll(() => {
  opened = openDatabase(file);
  runMigrations(opened.db);
  insertBulkForms(file, { formsPerPharmacy: [40, 25, 30], now: new Date('2026-03-10T10:00:00Z'), spreadDays: 400 });
  opened.sqlite
    .prepare(
      "UPDATE forms SET status = 'in_progress', submitted_at = NULL, submitted_month = NULL WHERE id = (SELECT min(id) FROM forms)",
    )
    .run();
});

afterAll(() => {
  opened.sqlite.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('adminRepository.monthlyCounts', () => {
  it('counts the submitted forms per pharmacy and Paris month from the first month on', async () => {
    const rows = opened.sqlite
      .prepare(
        "SELECT p.pharmacy_id AS pharmacyId, f.submitted_at AS at FROM forms f JOIN patients p ON p.id = f.patient_id WHERE f.status = 'submitted'",
      )
      .all() as { pharmacyId: number; at: string }[];
    const expected = new Map<string, number>();
    for (const r of rows) {
      const month = paris.month(new Date(r.at));
      if (month >= '2025-04')
        expected.set(`${r.pharmacyId}|${month}`, (expected.get(`${r.pharmacyId}|${month}`) ?? 0) + 1);
    }
    const counts = await adminRepository(sqliteStore(opened.db)).monthlyCounts('2025-04');
    expect(new Map(counts.map((c) => [`${c.pharmacyId}|${c.month}`, c.total]))).toEqual(expected);
    expect(counts.reduce((a, c) => a + c.total, 0)).toBeLessThan(95);
  });

  it('reads the month index alone for the forms (covering), never the forms table', async () => {
    const statements: string[] = [];
    const traced = new Database(file, { verbose: (message) => statements.push(String(message)) });
    await adminRepository(sqliteStore(drizzle(traced, { schema }))).monthlyCounts('2025-04');
    const plan = traced
      .prepare(`EXPLAIN QUERY PLAN ${statements.at(-1) ?? ''}`)
      .all()
      .map((r) => (r as { detail: string }).detail);
    traced.close();
    expect(plan.join(' | ')).toMatch(/SEARCH forms USING COVERING INDEX forms_submitted_month_idx/);
  });
});

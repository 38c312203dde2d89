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
import { pharmacyRepository } from './repository';
import type { FormQuery } from './rows';
import { folderPdfStore } from '../db/pdfStore';

// A real SQLite file with several pharmacies, one form left in progress: the condition selects the
// right rows, and SQLite answers it from the pharmacy's rows, not by reading every submitted form.
const dir = mkdtempSync(join(tmpdir(), 'bilan-submitted-'));
const file = join(dir, 'db.sqlite');
let opened: OpenedDb;
let ids: number[];

beforeAll(() => {
  opened = openDatabase(file);
  runMigrations(opened.db);
  ids = insertBulkForms(file, {
    formsPerPharmacy: [30, 20, 25],
    now: new Date('2026-03-10T10:00:00Z'),
    spreadDays: 60,
  }).pharmacyIds;
  opened.sqlite
    .prepare(
      "UPDATE forms SET status = 'in_progress', submitted_at = NULL, submitted_month = NULL WHERE id = (SELECT f.id FROM forms f JOIN patients p ON p.id = f.patient_id WHERE p.pharmacy_id = ? LIMIT 1)",
    )
    .run(ids[1]);
});

afterAll(() => {
  opened.sqlite.close();
  rmSync(dir, { recursive: true, force: true });
});

const query = (pharmacyId: number, over: Partial<FormQuery> = {}): FormQuery => ({
  pharmacyId,
  month: null,
  words: [],
  birthDate: null,
  sort: 'date',
  offset: 0,
  limit: 50,
  ...over,
});

describe('submittedOfPharmacy (through pharmacyRepository.listForms)', () => {
  it("selects the pharmacy's submitted forms only, newest first, and counts them", async () => {
    const { rows, total } = await pharmacyRepository(
      sqliteStore(opened.db),
      folderPdfStore(join(dir, 'pdfs')),
    ).listForms(query(ids[1] as number));
    expect(rows).toHaveLength(19);
    expect(total).toBe(19);
    const owners = opened.sqlite
      .prepare(`SELECT DISTINCT pharmacy_id AS c FROM patients WHERE id IN (${rows.map((f) => f.patientId).join(',')})`)
      .all();
    expect(owners).toEqual([{ c: ids[1] }]);
    const times = rows.map((f) => f.submittedAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('pages through the forms without losing or repeating one', async () => {
    const repo = pharmacyRepository(sqliteStore(opened.db), folderPdfStore(join(dir, 'pdfs')));
    const pages = await Promise.all(
      [0, 1, 2, 3].map((page) => repo.listForms(query(ids[0] as number, { offset: page * 8, limit: 8 }))),
    );
    expect(pages.map((p) => p.rows.length)).toEqual([8, 8, 8, 6]);
    expect(pages.every((p) => p.total === 30)).toBe(true);
    const seen = pages.flatMap((p) => p.rows.map((r) => r.patientId));
    expect(new Set(seen).size).toBe(30);
  });

  it('sorts by name without regard to case or accents', async () => {
    const { rows } = await pharmacyRepository(sqliteStore(opened.db), folderPdfStore(join(dir, 'pdfs'))).listForms(
      query(ids[2] as number, { sort: 'name' }),
    );
    const names = rows.map((r) => r.lastName);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'fr')));
  });

  it("is answered from the pharmacy's month of forms (pharmacy, month index), never by scanning the status index", async () => {
    // The statement listForms really runs, as SQLite expands it with its parameters.
    const statements: string[] = [];
    const traced = new Database(file, { verbose: (message) => statements.push(String(message)) });
    await pharmacyRepository(sqliteStore(drizzle(traced, { schema })), folderPdfStore(join(dir, 'pdfs'))).listForms(
      query(ids[0] as number, { sort: 'priority', month: '2026-03' }),
    );
    const listing = statements.find((s) => / limit /i.test(s)) ?? '';
    const plan = traced
      .prepare(`EXPLAIN QUERY PLAN ${listing}`)
      .all()
      .map((r) => (r as { detail: string }).detail);
    traced.close();
    expect(plan.join(' | ')).not.toContain('forms_status_submitted_idx');
    expect(plan[0]).toMatch(
      /^SEARCH forms USING INDEX forms_pharmacy_month_idx \(pharmacy_id=\? AND submitted_month=\?\)/,
    );
  });

  it('reads an export batch in order from the (pharmacy, date, patient) index, with no sort of all its forms', async () => {
    const statements: string[] = [];
    const traced = new Database(file, { verbose: (message) => statements.push(String(message)) });
    const repo = pharmacyRepository(sqliteStore(drizzle(traced, { schema })), folderPdfStore(join(dir, 'pdfs')));
    const first = await repo.exportBatch(ids[0] as number, '45to50', null, 5);
    const last = first.at(-1);
    if (!last) throw new Error('no form to export');
    await repo.exportBatch(ids[0] as number, '45to50', { submittedAt: last.submittedAt, patientId: last.patientId }, 5);
    const batch = statements.filter((s) => / limit /i.test(s)).at(-1) ?? '';
    const plan = traced
      .prepare(`EXPLAIN QUERY PLAN ${batch}`)
      .all()
      .map((r) => (r as { detail: string }).detail);
    traced.close();
    expect(plan[0]).toMatch(
      /^SEARCH forms USING INDEX forms_pharmacy_submitted_idx \(pharmacy_id=\? AND \(submitted_at,patient_id\)>\(\?,\?\)\)/,
    );
    expect(plan.join(' | ')).not.toContain('TEMP B-TREE');
  });

  it("never lists a form whose copied pharmacy is another's, nor one whose copy is another's for the other", async () => {
    const repo = pharmacyRepository(sqliteStore(opened.db), folderPdfStore(join(dir, 'pdfs')));
    const [a, b] = [ids[0] as number, ids[2] as number];
    const before = (await repo.listForms(query(b))).total;
    // A form of pharmacy a wrongly marked as b's: b does not see it (its patient is a's), a no longer does.
    const moved = opened.sqlite
      .prepare('SELECT f.id FROM forms f JOIN patients p ON p.id = f.patient_id WHERE p.pharmacy_id = ? LIMIT 1')
      .get(a) as { id: number };
    opened.sqlite.prepare('UPDATE forms SET pharmacy_id = ? WHERE id = ?').run(b, moved.id);
    try {
      expect((await repo.listForms(query(b))).total).toBe(before);
      expect((await repo.listForms(query(a))).total).toBe(29);
    } finally {
      opened.sqlite.prepare('UPDATE forms SET pharmacy_id = ? WHERE id = ?').run(a, moved.id);
    }
  });
});

// The migrations in api/drizzle: the first release's database file (a fixture, with rows in every
// table) keeps every row through the renames of 0001 and the additions after it, and the app
// serves it; no migration file is ever rewritten; the migrations build exactly the schema
// of schema.ts; and the last snapshot is schema.ts, so `db:generate` finds nothing to add.
import { createHash } from 'node:crypto';
import { copyFileSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { generateSQLiteDrizzleJson, generateSQLiteMigration } from 'drizzle-kit/api';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { ssnSealerOf } from '../patient/ssnSealer';
import { auth, TEST_NOW, testConfig } from '../../test/helpers';
import { login } from '../../test/accounts';
import { repoRoot } from '../config';
import { openDatabase } from './client';
import { migrationsFolder, runMigrations } from './migrate';
import * as schema from './schema';
import { temporaryFolders } from '../../test/temporaryFolders';
import { TRIAGE_KEY } from '../questionnaire/triage';

const { make: tempDir, removeAll } = temporaryFolders('bilan-migrations-');
afterAll(removeAll);

interface JournalEntry {
  idx: number;
  tag: string;
}
const FIRST_RELEASE = join(repoRoot, 'api', 'test', 'fixtures', 'first-release.sqlite');
const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
  entries: JournalEntry[];
};

/** Every row of every table (but drizzle's own), ordered, keyed by table. */
function allRows(db: Database.Database): Record<string, Record<string, unknown>[]> {
  const tables = (
    db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%' ORDER BY name",
      )
      .all() as { name: string }[]
  ).map((t) => t.name);
  return Object.fromEntries(
    tables.map((t) => [t, db.prepare(`SELECT * FROM "${t}" ORDER BY rowid`).all() as Record<string, unknown>[]]),
  );
}

// The renames of 0001, old → new, to compare the rows written under the old names with what the
// migrated database holds.
const TABLES: Record<string, string> = { clients: 'accounts', answer_sets: 'forms' };
const COLUMNS: Record<string, Record<string, string>> = {
  accounts: { nom: 'display_name' },
  patients: {
    client_id: 'pharmacy_id',
    civilite: 'civility',
    nom: 'last_name',
    prenom: 'first_name',
    date_naissance: 'birth_date',
    numero_securite_sociale: 'social_security_number',
    age_group: 'band',
  },
  forms: { sections: 'answers' },
  documents: { answer_set_id: 'form_id' },
  demo_submissions: { age_group: 'band', responses: 'answers' },
  invitations: { used_by_client_id: 'used_by_account_id', created_by_client_id: 'created_by_account_id' },
  account_tokens: { client_id: 'account_id' },
  login_codes: { client_id: 'account_id' },
  staff_sessions: { client_id: 'account_id' },
  audit_log: { actor_client_id: 'actor_account_id' },
};

// Columns added by later migrations, with the value an existing row gets, and tables they create.
// A submitted form gets its triage at start (pharmacy/backfillTriage.ts, computed by reportOf, D32).
const ADDED_COLUMNS: Record<
  string,
  (row: Record<string, unknown>, all: Record<string, Record<string, unknown>[]>) => Record<string, unknown>
> = {
  forms: (row, all) => ({
    version: 0,
    // 0004 copies the patient's pharmacy (client_id in the first release) onto its form.
    pharmacy_id: all.patients?.find((p) => p.id === row.patient_id)?.client_id ?? null,
    bilan_done_at: null,
    resume_failures: 0,
    last_seen_at: null,
    // The questionnaire's language (D41): French for every form of the first release.
    language: 'fr',
    ...(row.status === 'submitted'
      ? {
          submitted_month: String(row.submitted_at).slice(0, 7),
          priority_count: expect.any(Number),
          priority_flags: expect.stringMatching(/^\[.*\]$/),
          triage_rank: expect.any(Number),
          triage_key: TRIAGE_KEY,
        }
      : { submitted_month: null, priority_count: null, priority_flags: null, triage_rank: null, triage_key: null }),
  }),
  emails: () => ({ claimed_until: null, patient_id: null }),
  // The pharmacy's address and phone printed on the plan's copies (D33): unset until given.
  // ... and its department, which sets the act's amount (D44): unset until given.
  accounts: () => ({ address: null, phone: null, department: null }),
  // Patient mode (D40): a session of the first release is open, without a code.
  staff_sessions: () => ({ locked_at: null, unlock_code_hash: null, unlock_code_tries: 0 }),
  // Sealed at start under SSN_ENCRYPTION_KEY (patient/ssnSealer.ts): opened below.
  patients: (row) => ({
    social_security_number:
      row.numero_securite_sociale === null ? null : expect.stringMatching(/^ssn:v1:[0-9a-f]{12}:[A-Za-z0-9+/=]+$/),
  }),
  // The first release's PDFs stay in their rows (content), read from there.
  documents: () => ({ file_key: null }),
};
const ADDED_TABLES: string[] = [
  'login_failures',
  'trusted_devices',
  'rate_limits',
  'job_leases',
  'cap_alerts',
  'plans',
  'plan_versions',
  'acts',
  'act_entries',
];

function renamed(rows: Record<string, Record<string, unknown>[]>): Record<string, Record<string, unknown>[]> {
  const tables = Object.entries(rows).map(([table, list]) => {
    const name = TABLES[table] ?? table;
    const columns = COLUMNS[name] ?? {};
    return [
      name,
      list.map((row) => ({
        ...Object.fromEntries(Object.entries(row).map(([c, v]) => [columns[c] ?? c, v])),
        ...ADDED_COLUMNS[name]?.(row, rows),
      })),
    ] as const;
  });
  return Object.fromEntries(
    [...tables, ...ADDED_TABLES.map((t) => [t, []] as const)].sort(([a], [b]) => (a < b ? -1 : 1)),
  );
}

const AT = '2026-03-01T09:00:00.000Z';

/**
 * A copy of the database file the first release left (api/test/fixtures/first-release.sqlite, made
 * once by makeFirstRelease.ts and kept as it is): its rows, read before any migration runs.
 */
function firstReleaseCopy(file: string) {
  copyFileSync(FIRST_RELEASE, file);
  const sqlite = new Database(file, { readonly: true });
  const id = (sql: string) => (sqlite.prepare(sql).get() as { id: number }).id;
  const fixture = {
    rows: allRows(sqlite),
    patient: id("SELECT id FROM patients WHERE nom = 'Lefèvre'"),
    pharmacy: id("SELECT id FROM clients WHERE name = 'pharmacie-avant'"),
    bilan: (sqlite.prepare("SELECT content FROM documents WHERE kind = 'bilan'").get() as { content: Buffer }).content,
  };
  sqlite.close();
  return fixture;
}

describe('migrations', () => {
  it('keep every row of a database created by 0000 under the new names, and the app serves it', async () => {
    const dir = tempDir();
    const file = join(dir, 'bilan.sqlite');
    const before = firstReleaseCopy(file);
    for (const [table, rows] of Object.entries(before.rows))
      expect(rows.length, `${table} has a row before the migration`).toBeGreaterThan(0);

    // Starting the app applies what is pending (0001...).
    const app = await buildApp({ config: testConfig(dir, { databaseFile: file }), clock: () => new Date(TEST_NOW) });
    try {
      // The app's own record of the purge it ran at start is the one row it adds.
      const { job_runs: runs, ...rows } = allRows(app.sqlite);
      expect(runs?.map((r) => (r as { name: string }).name)).toEqual(['retention-purge']);
      expect(rows).toEqual(renamed(before.rows));
      expect(app.sqlite.pragma('foreign_key_check')).toEqual([]);
      expect(app.sqlite.pragma('integrity_check', { simple: true })).toBe('ok');

      // The pharmacy logs in with its old password and its list shows the form.
      const token = await login(app, 'avant@pharmacie.test');
      const list = await app.inject({
        method: 'GET',
        url: '/api/responses/grouped?month=2026-03',
        headers: auth(token),
      });
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json().records).toEqual([
        expect.objectContaining({
          id: before.patient,
          nom: 'Lefèvre',
          prenom: 'Zoé',
          date_naissance: '1978-05-02',
          date_formulaire: AT,
          ageGroup: '45to50',
        }),
      ]);
      // The stored PDF downloads as it was stored.
      const pdf = await app.inject({
        method: 'GET',
        url: `/api/pdf-download/${before.patient}/bilan`,
        headers: auth(token),
      });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.rawPayload.equals(before.bilan)).toBe(true);
      // The patient's record reads its answers (its token is refused: the form is finished, D23);
      // the public link finds the pharmacy.
      const record = await app.patientService.findRecord(before.patient);
      expect(record?.patient).toMatchObject({ lastName: 'Lefèvre', civility: 'Madame' });
      const stored = before.rows.patients?.find((p) => p.id === before.patient)?.numero_securite_sociale;
      expect(stored).toMatch(/^\d{15}$/);
      expect(ssnSealerOf(app.config).open(record?.patient.socialSecurityNumber ?? '')).toBe(stored);
      expect(record?.form).toMatchObject({
        status: 'submitted',
        answers: JSON.parse(before.rows.answer_sets?.[0]?.sections as string),
      });
      const publicLink = await app.inject({ method: 'GET', url: '/api/clients/public/pharmacie-avant' });
      expect(publicLink.json()).toEqual({
        client: { id: before.pharmacy, name: 'pharmacie-avant', nom: 'Pharmacie d’avant' },
      });
    } finally {
      await app.close();
    }
  });

  it('build exactly the schema of schema.ts: tables, columns, indexes and foreign keys', async () => {
    const migrated = openDatabase(':memory:');
    runMigrations(migrated.db);
    const fresh = new Database(':memory:');
    const statements = await generateSQLiteMigration(
      await generateSQLiteDrizzleJson({}),
      await generateSQLiteDrizzleJson(schema),
    );
    for (const statement of statements) fresh.exec(statement);
    expect(structure(migrated.sqlite)).toEqual(structure(fresh));
    migrated.sqlite.close();
    fresh.close();
  });

  it('never rewrite history: each migration file is the one a database may already have applied', () => {
    // history.sha256 (sha256sum's format) lists every migration: db:generate adds a file, and its
    // line is appended (`sha256sum NNNN_name.sql >> history.sha256` in api/drizzle); a line never changes.
    const lines = readFileSync(join(migrationsFolder, 'history.sha256'), 'utf8').trim().split('\n');
    const listed = lines.map((line) => {
      const [hash, file] = line.split(/\s+\*?/);
      return { file, hash };
    });
    expect(listed.map((l) => l.file)).toEqual(journal.entries.map((e) => `${e.tag}.sql`));
    for (const { file, hash } of listed)
      expect(
        createHash('sha256')
          .update(readFileSync(join(migrationsFolder, file as string)))
          .digest('hex'),
        file,
      ).toBe(hash);
    // drizzle recorded the first release's migration by the hash of its file: the same file today.
    const sqlite = new Database(FIRST_RELEASE, { readonly: true });
    const applied = sqlite.prepare('SELECT hash FROM __drizzle_migrations ORDER BY id').all() as { hash: string }[];
    sqlite.close();
    expect(applied).toEqual([{ hash: listed[0]?.hash }]);
  });

  it('end with a snapshot of schema.ts, so that db:generate adds nothing; every journal entry has its SQL file', async () => {
    const last = journal.entries.at(-1) as JournalEntry;
    const snapshot = JSON.parse(
      readFileSync(join(migrationsFolder, 'meta', `${String(last.idx).padStart(4, '0')}_snapshot.json`), 'utf8'),
    ) as Record<string, unknown>;
    const current = (await generateSQLiteDrizzleJson(schema)) as unknown as Record<string, unknown>;
    for (const key of ['tables', 'views', 'enums', 'internal']) expect(snapshot[key], key).toEqual(current[key]);
    const sqlFiles = readdirSync(migrationsFolder)
      .filter((f) => f.endsWith('.sql'))
      .sort();
    expect(sqlFiles).toEqual(journal.entries.map((e) => `${e.tag}.sql`));
    expect(journal.entries.map((e) => e.idx)).toEqual(journal.entries.map((_, i) => i));
  });
});

/** What makes a database's schema, read back from SQLite itself, in a stable order. */
function structure(db: Database.Database) {
  const tables = (
    db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%' ORDER BY name",
      )
      .all() as { name: string }[]
  ).map((t) => t.name);
  return tables.map((table) => ({
    table,
    columns: db.pragma(`table_xinfo("${table}")`),
    indexes: (db.pragma(`index_list("${table}")`) as { name: string; unique: number; origin: string }[])
      .filter((i) => !i.name.startsWith('sqlite_autoindex'))
      .map((i) => ({
        name: i.name,
        unique: i.unique,
        columns: (db.pragma(`index_info("${i.name}")`) as { name: string }[]).map((c) => c.name),
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    // In column order: a column added later lists its key in another place than a fresh table would.
    foreignKeys: (db.pragma(`foreign_key_list("${table}")`) as Record<string, unknown>[])
      .map(({ table: to, from, to: column, on_update, on_delete }) => ({ to, from, column, on_update, on_delete }))
      .sort((a, b) => String(a.from).localeCompare(String(b.from))),
  }));
}

// The migrations in api/drizzle: a database created by 0000 with rows in every table keeps every
// row through the renames of 0001 and the additions after it, and the app serves it; the migrations build exactly the schema
// of schema.ts; and the last snapshot is schema.ts, so `db:generate` finds nothing to add.
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { generateSQLiteDrizzleJson, generateSQLiteMigration } from 'drizzle-kit/api';
import { afterAll, describe, expect, it } from 'vitest';
import { fixtureOf } from '@bilan/fixtures';
import { buildApp } from '../app';
import { hashPassword } from '../accounts/passwordHash';
import { loadRecord } from '../patient/record';
import { latestDefinition } from '../questionnaire/definitions';
import { renderPdf } from '../reports/render';
import { auth, TEST_NOW, testConfig } from '../../test/helpers';
import { login, STAFF_PASSWORD } from '../../test/accounts';
import { openDatabase } from './client';
import { migrationsFolder, runMigrations } from './migrate';
import * as schema from './schema';

const folders: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'bilan-migrations-'));
  folders.push(d);
  return d;
}
afterAll(() => {
  for (const d of folders) rmSync(d, { recursive: true, force: true });
});

interface JournalEntry {
  idx: number;
  tag: string;
}
const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };

/** A migrations folder holding only the first `count` migrations of api/drizzle. */
function firstMigrations(count: number): string {
  const dir = tempDir();
  mkdirSync(join(dir, 'meta'));
  const entries = journal.entries.slice(0, count);
  for (const e of entries) copyFileSync(join(migrationsFolder, `${e.tag}.sql`), join(dir, `${e.tag}.sql`));
  writeFileSync(join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  return dir;
}

/** Every row of every table (but drizzle's own), ordered, keyed by table. */
function allRows(db: Database.Database): Record<string, Record<string, unknown>[]> {
  const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%' ORDER BY name").all() as { name: string }[]).map((t) => t.name);
  return Object.fromEntries(tables.map((t) => [t, db.prepare(`SELECT * FROM "${t}" ORDER BY rowid`).all() as Record<string, unknown>[]]));
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
const ADDED_COLUMNS: Record<string, Record<string, unknown>> = { forms: { version: 0 } };
const ADDED_TABLES: string[] = ['login_failures', 'trusted_devices'];

function renamed(rows: Record<string, Record<string, unknown>[]>): Record<string, Record<string, unknown>[]> {
  const tables = Object.entries(rows).map(([table, list]) => {
    const name = TABLES[table] ?? table;
    const columns = COLUMNS[name] ?? {};
    return [name, list.map((row) => ({ ...Object.fromEntries(Object.entries(row).map(([c, v]) => [columns[c] ?? c, v])), ...ADDED_COLUMNS[name] }))] as const;
  });
  return Object.fromEntries([...tables, ...ADDED_TABLES.map((t) => [t, []] as const)].sort(([a], [b]) => (a < b ? -1 : 1)));
}

const AT = '2026-03-01T09:00:00.000Z';

/** A database at migration 0000 with rows in every table, written with the old names. */
async function databaseAtInit(file: string) {
  const sqlite = new Database(file);
  sqlite.pragma('foreign_keys = ON');
  migrate(drizzle(sqlite), { migrationsFolder: firstMigrations(1) });
  const def = latestDefinition('45to50');
  const typical = fixtureOf('45to50', 'typical');
  const answers = JSON.stringify(typical.expected.normalized);
  const bilan = await renderPdf({ content: ['Bilan de Zoé Lefèvre (avant la migration)'] });
  const questionnaire = await renderPdf({ content: ['Questionnaire de Zoé Lefèvre (avant la migration)'] });
  const hash = await hashPassword(STAFF_PASSWORD);
  const run = (sql: string, ...params: unknown[]) => Number(sqlite.prepare(sql).run(...params).lastInsertRowid);

  const admin = run("INSERT INTO clients (name, nom, email, role, password_hash, email_verified_at, created_at) VALUES ('admin', 'Administration', 'admin@bilan.test', 'admin', ?, ?, ?)", hash, AT, AT);
  const pharmacy = run(
    "INSERT INTO clients (name, nom, email, role, password_hash, email_verified_at, retention_months, created_at) VALUES ('pharmacie-avant', 'Pharmacie d’avant', 'avant@pharmacie.test', 'pharmacy', ?, ?, 48, ?)",
    hash,
    AT,
    AT,
  );
  const patient = run(
    "INSERT INTO patients (client_id, civilite, nom, prenom, date_naissance, email, numero_securite_sociale, age_group, consent_at, created_at) VALUES (?, 'Madame', 'Lefèvre', 'Zoé', '1978-05-02', 'zoe@example.fr', '278057512345678', '45to50', ?, ?)",
    pharmacy,
    AT,
    AT,
  );
  const form = run(
    "INSERT INTO answer_sets (patient_id, definition_id, definition_version, sections, saved_sections, status, created_at, updated_at, submitted_at) VALUES (?, ?, ?, ?, ?, 'submitted', ?, ?, ?)",
    patient,
    def.id,
    def.version,
    answers,
    JSON.stringify(def.pages.map((p) => p.section)),
    AT,
    AT,
    AT,
  );
  run("INSERT INTO documents (answer_set_id, kind, content, bytes, created_at) VALUES (?, 'questionnaire', ?, ?, ?)", form, questionnaire, questionnaire.length, AT);
  const bilanId = run("INSERT INTO documents (answer_set_id, kind, content, bytes, created_at) VALUES (?, 'bilan', ?, ?, ?)", form, bilan, bilan.length, AT);
  run(
    "INSERT INTO emails (kind, \"to\", subject, text, attachments, status, attempts, next_attempt_at, created_at, sent_at) VALUES ('pharmacy_new_bilan', 'avant@pharmacie.test', 'Nouveau bilan', 'Zoé Lefèvre', ?, 'sent', 1, ?, ?, ?)",
    JSON.stringify([{ filename: 'Bilan.pdf', contentType: 'application/pdf', documentId: bilanId }]),
    AT,
    AT,
    AT,
  );
  run("INSERT INTO bot_check_solutions (key, kind, provider, expires_at, used_at, created_at) VALUES ('ticket-key', 'ticket', 'altcha', '2027-01-01T00:00:00.000Z', ?, ?)", AT, AT);
  run("INSERT INTO demo_submissions (age_group, responses, created_at) VALUES ('45to50', ?, ?)", answers, AT);
  run('INSERT INTO invitations (token_hash, email, expires_at, used_at, used_by_client_id, created_by_client_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)', 'a'.repeat(64), 'avant@pharmacie.test', '2026-03-08T00:00:00.000Z', AT, pharmacy, admin, AT);
  run("INSERT INTO account_tokens (client_id, purpose, token_hash, expires_at, used_at, created_at) VALUES (?, 'verify_email', ?, ?, ?, ?)", pharmacy, 'b'.repeat(64), '2026-03-03T00:00:00.000Z', AT, AT);
  run('INSERT INTO login_codes (client_id, challenge_id, code_hash, attempts, expires_at, used_at, created_at) VALUES (?, ?, ?, 1, ?, ?, ?)', pharmacy, 'challenge-1', 'c'.repeat(64), '2026-03-01T09:10:00.000Z', AT, AT);
  run('INSERT INTO staff_sessions (jti, client_id, created_at, expires_at, revoked_at) VALUES (?, ?, ?, ?, ?)', 'jti-1', pharmacy, AT, '2026-03-01T17:00:00.000Z', AT);
  run("INSERT INTO audit_log (actor_client_id, action, patient_id, detail, ip, created_at) VALUES (?, 'download_bilan', ?, NULL, '10.0.0.1', ?)", pharmacy, patient, AT);
  const rows = allRows(sqlite);
  sqlite.close();
  return { rows, patient, bilan, pharmacy };
}

describe('migrations', () => {
  it('keep every row of a database created by 0000 under the new names, and the app serves it', async () => {
    const dir = tempDir();
    const file = join(dir, 'bilan.sqlite');
    const before = await databaseAtInit(file);
    for (const [table, rows] of Object.entries(before.rows)) expect(rows.length, `${table} has a row before the migration`).toBeGreaterThan(0);

    // Starting the app applies what is pending (0001...).
    const app = await buildApp({ config: testConfig(dir, { databaseFile: file }), clock: () => new Date(TEST_NOW) });
    try {
      expect(allRows(app.sqlite)).toEqual(renamed(before.rows));
      expect(app.sqlite.pragma('foreign_key_check')).toEqual([]);
      expect(app.sqlite.pragma('integrity_check', { simple: true })).toBe('ok');

      // The pharmacy logs in with its old password and its list shows the form.
      const token = await login(app, 'avant@pharmacie.test');
      const list = await app.inject({ method: 'GET', url: '/api/responses/grouped?month=2026-03', headers: auth(token) });
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json().records).toEqual([
        expect.objectContaining({ id: before.patient, nom: 'Lefèvre', prenom: 'Zoé', date_naissance: '1978-05-02', date_formulaire: AT, ageGroup: '45to50' }),
      ]);
      // The stored PDF downloads as it was stored.
      const pdf = await app.inject({ method: 'GET', url: `/api/pdf-download/${before.patient}/bilan`, headers: auth(token) });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.rawPayload.equals(before.bilan)).toBe(true);
      // The patient's record reads its answers (its token is refused: the form is finished, D23);
      // the public link finds the pharmacy.
      const record = await loadRecord(app.repos, before.patient);
      expect(record?.patient).toMatchObject({ lastName: 'Lefèvre', civility: 'Madame' });
      expect(record?.form).toMatchObject({ status: 'submitted', answers: JSON.parse(before.rows.answer_sets?.[0]?.sections as string) });
      const publicLink = await app.inject({ method: 'GET', url: '/api/clients/public/pharmacie-avant' });
      expect(publicLink.json()).toEqual({ client: { id: before.pharmacy, name: 'pharmacie-avant', nom: 'Pharmacie d’avant' } });
    } finally {
      await app.close();
    }
  });

  it('build exactly the schema of schema.ts: tables, columns, indexes and foreign keys', async () => {
    const migrated = openDatabase(':memory:');
    runMigrations(migrated.db);
    const fresh = new Database(':memory:');
    const statements = await generateSQLiteMigration(await generateSQLiteDrizzleJson({}), await generateSQLiteDrizzleJson(schema));
    for (const statement of statements) fresh.exec(statement);
    expect(structure(migrated.sqlite)).toEqual(structure(fresh));
    migrated.sqlite.close();
    fresh.close();
  });

  it('end with a snapshot of schema.ts, so that db:generate adds nothing; every journal entry has its SQL file', async () => {
    const last = journal.entries.at(-1) as JournalEntry;
    const snapshot = JSON.parse(readFileSync(join(migrationsFolder, 'meta', `${String(last.idx).padStart(4, '0')}_snapshot.json`), 'utf8')) as Record<string, unknown>;
    const current = (await generateSQLiteDrizzleJson(schema)) as unknown as Record<string, unknown>;
    for (const key of ['tables', 'views', 'enums', 'internal']) expect(snapshot[key], key).toEqual(current[key]);
    const sqlFiles = readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql')).sort();
    expect(sqlFiles).toEqual(journal.entries.map((e) => `${e.tag}.sql`));
    expect(journal.entries.map((e) => e.idx)).toEqual(journal.entries.map((_, i) => i));
  });
});

/** What makes a database's schema, read back from SQLite itself, in a stable order. */
function structure(db: Database.Database) {
  const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%' ORDER BY name").all() as { name: string }[]).map((t) => t.name);
  return tables.map((table) => ({
    table,
    columns: db.pragma(`table_xinfo("${table}")`),
    indexes: (db.pragma(`index_list("${table}")`) as { name: string; unique: number; origin: string }[])
      .filter((i) => !i.name.startsWith('sqlite_autoindex'))
      .map((i) => ({ name: i.name, unique: i.unique, columns: (db.pragma(`index_info("${i.name}")`) as { name: string }[]).map((c) => c.name) }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    foreignKeys: (db.pragma(`foreign_key_list("${table}")`) as Record<string, unknown>[]).map(({ table: to, from, to: column, on_update, on_delete }) => ({ to, from, column, on_update, on_delete })),
  }));
}

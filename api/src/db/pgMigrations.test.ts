// The PostgreSQL migrations (api/drizzle-pg), on a real PostgreSQL server (api/test/postgres.ts):
// once applied they hold the same tables, columns, nullability, defaults, keys, indexes and
// foreign keys as the SQLite migrations build; their history is never rewritten; the last snapshot
// is the schema derived from schema.ts, so `db:generate` adds nothing; two servers migrating at
// once apply each migration once; and the database's search_fold folds names as the server does.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateDrizzleJson } from 'drizzle-kit/api';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase } from '../../test/postgresDatabase';
import { searchFold } from '../shared/text/searchFold';
import { openDatabase } from './client';
import { pgMigrationsFolder, runMigrations } from './migrate';
import * as pgSchema from './pgSchema';
import { migratePostgres } from './postgres';

interface Structure {
  table: string;
  columns: { name: string; notNull: boolean; primaryKey: boolean; default: string | null }[];
  indexes: { name: string; unique: boolean; columns: string[] }[];
  foreignKeys: { columns: string[]; to: string; toColumns: string[]; onDelete: string }[];
}

const byName = <T extends { name: string }>(list: T[]) => list.sort((a, b) => a.name.localeCompare(b.name));
/** A default as both databases print it: PostgreSQL adds the literal's type (`'{}'::text`). */
const literal = (value: string | null) => (value === null ? null : value.replace(/::[a-z ]+$/, ''));

function sqliteStructure(): Structure[] {
  const { db, sqlite } = openDatabase(':memory:');
  runMigrations(db);
  const tables = (
    sqlite
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%' ORDER BY name",
      )
      .all() as { name: string }[]
  ).map((t) => t.name);
  const structure = tables.map((table) => ({
    table,
    columns: byName(
      (
        sqlite.pragma(`table_info("${table}")`) as {
          name: string;
          notnull: number;
          pk: number;
          dflt_value: string | null;
        }[]
      ).map((c) => ({
        name: c.name,
        // A primary key is never null in PostgreSQL; SQLite's pragma only says so when declared.
        notNull: c.notnull === 1 || c.pk > 0,
        primaryKey: c.pk > 0,
        default: literal(c.dflt_value),
      })),
    ),
    indexes: byName(
      (sqlite.pragma(`index_list("${table}")`) as { name: string; unique: number }[])
        .filter((i) => !i.name.startsWith('sqlite_autoindex'))
        .map((i) => ({
          name: i.name,
          unique: i.unique === 1,
          columns: (sqlite.pragma(`index_info("${i.name}")`) as { name: string }[]).map((c) => c.name),
        })),
    ),
    foreignKeys: (
      sqlite.pragma(`foreign_key_list("${table}")`) as { table: string; from: string; to: string; on_delete: string }[]
    )
      .map((k) => ({ columns: [k.from], to: k.table, toColumns: [k.to], onDelete: k.on_delete }))
      .sort((a, b) => String(a.columns).localeCompare(String(b.columns))),
  }));
  sqlite.close();
  return structure;
}

async function postgresStructure(client: pg.Client): Promise<Structure[]> {
  const tables = (
    await client.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
    )
  ).rows.map((r) => r.table_name);
  const structure: Structure[] = [];
  for (const table of tables) {
    const keys = (
      await client.query<{ column_name: string }>(
        "SELECT k.column_name FROM information_schema.table_constraints c JOIN information_schema.key_column_usage k USING (constraint_schema, constraint_name) WHERE c.table_name = $1 AND c.constraint_type = 'PRIMARY KEY'",
        [table],
      )
    ).rows.map((r) => r.column_name);
    const columns = (
      await client.query<{
        column_name: string;
        is_nullable: string;
        column_default: string | null;
        is_identity: string;
      }>(
        'SELECT column_name, is_nullable, column_default, is_identity FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2',
        ['public', table],
      )
    ).rows.map((c) => ({
      name: c.column_name,
      notNull: c.is_nullable === 'NO',
      primaryKey: keys.includes(c.column_name),
      default: literal(c.column_default),
    }));
    const indexes = (
      await client.query<{ name: string; unique: boolean; columns: string[] }>(
        `SELECT i.relname AS name, x.indisunique AS unique,
                array(SELECT a.attname FROM unnest(x.indkey) WITH ORDINALITY AS k(n, o) JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.n ORDER BY k.o)::text[] AS columns
           FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
          WHERE t.relname = $1 AND NOT x.indisprimary`,
        [table],
      )
    ).rows;
    const foreignKeys = (
      await client.query<{ columns: string[]; to: string; to_columns: string[]; on_delete: string }>(
        `SELECT array(SELECT a.attname FROM unnest(c.conkey) WITH ORDINALITY AS k(n, o) JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n ORDER BY k.o)::text[] AS columns,
                f.relname AS to,
                array(SELECT a.attname FROM unnest(c.confkey) WITH ORDINALITY AS k(n, o) JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.n ORDER BY k.o)::text[] AS to_columns,
                CASE c.confdeltype WHEN 'c' THEN 'CASCADE' WHEN 'a' THEN 'NO ACTION' WHEN 'r' THEN 'RESTRICT' WHEN 'n' THEN 'SET NULL' ELSE 'SET DEFAULT' END AS on_delete
           FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid JOIN pg_class f ON f.oid = c.confrelid
          WHERE c.contype = 'f' AND t.relname = $1`,
        [table],
      )
    ).rows;
    structure.push({
      table,
      // An identity column's default is its sequence, SQLite's is the rowid: neither is a literal.
      columns: byName(columns),
      indexes: byName(indexes),
      foreignKeys: foreignKeys
        .map((k) => ({ columns: k.columns, to: k.to, toColumns: k.to_columns, onDelete: k.on_delete }))
        .sort((a, b) => String(a.columns).localeCompare(String(b.columns))),
    });
  }
  return structure.filter((t) => t.table !== '__drizzle_migrations');
}

const clients: pg.Client[] = [];
async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  clients.push(client);
  return client;
}
afterAll(async () => {
  for (const client of clients) await client.end();
});

describe('PostgreSQL migrations', () => {
  let url: string;
  beforeAll(async () => {
    url = await freshPostgresDatabase();
    const pool = new pg.Pool({ connectionString: url });
    await migratePostgres(pool);
    await pool.end();
  });

  it('build the schema the SQLite migrations build: tables, columns, nullability, defaults, keys, indexes, foreign keys', async () => {
    const postgres = await postgresStructure(await connect(url));
    const sqlite = sqliteStructure();
    expect(postgres.map((t) => t.table)).toEqual(sqlite.map((t) => t.table));
    for (const [i, table] of sqlite.entries()) expect(postgres[i], table.table).toEqual(table);
  });

  it('store SQLite’s values in PostgreSQL’s types: 64-bit integers, booleans, bytea, text', async () => {
    const client = await connect(url);
    const types = (
      await client.query<{ data_type: string }>(
        "SELECT DISTINCT data_type FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> '__drizzle_migrations' ORDER BY data_type",
      )
    ).rows.map((r) => r.data_type);
    expect(types).toEqual(['bigint', 'boolean', 'bytea', 'text']);
    const flags = (
      await client.query<{ column_name: string }>(
        "SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND data_type = 'boolean'",
      )
    ).rows;
    expect(flags).toEqual([{ column_name: 'two_factor_enabled' }]);
  });

  it('keep the PDFs’ bytes out of line and uncompressed (already deflated: compressing them again only cost CPU)', async () => {
    const client = await connect(url);
    const storage = (
      await client.query<{ attstorage: string }>(
        "SELECT attstorage FROM pg_attribute WHERE attrelid = 'documents'::regclass AND attname = 'content'",
      )
    ).rows;
    expect(storage).toEqual([{ attstorage: 'e' }]);
  });

  it('apply each migration once when two servers start together, and nothing when started again', async () => {
    const fresh = await freshPostgresDatabase();
    const pools = [new pg.Pool({ connectionString: fresh }), new pg.Pool({ connectionString: fresh })];
    await Promise.all(pools.map((pool) => migratePostgres(pool)));
    await migratePostgres(pools[0] as pg.Pool);
    const applied = (
      await (pools[0] as pg.Pool).query<{ hash: string }>('SELECT hash FROM drizzle.__drizzle_migrations ORDER BY id')
    ).rows;
    for (const pool of pools) await pool.end();
    const files = readdirSync(pgMigrationsFolder)
      .filter((f) => f.endsWith('.sql'))
      .sort();
    expect(applied.map((r) => r.hash)).toEqual(
      files.map((f) =>
        createHash('sha256')
          .update(readFileSync(join(pgMigrationsFolder, f), 'utf8'))
          .digest('hex'),
      ),
    );
  });

  it('fold names in the database as the server folds them (the dashboard’s search)', async () => {
    const client = await connect(url);
    const names = [
      'Lefèvre',
      'LEFÈVRE',
      'Jean-Pierre',
      'Œillet',
      'Cæcilia',
      'N’Diaye',
      "D'Artagnan",
      'Saint  Étienne',
      'Zoë',
      'Çağla',
      'Groß',
      'José.Ñúñez',
      '  Hélène  ',
      'ÀÂÄÉÈÊËÎÏÔÖÙÛÜŸÇ',
    ];
    const folded = (
      await client.query<{ folded: string }>(
        'SELECT search_fold(name) AS folded FROM unnest($1::text[]) WITH ORDINALITY AS n(name, o) ORDER BY o',
        [names],
      )
    ).rows.map((r) => r.folded);
    expect(folded).toEqual(names.map(searchFold));
  });

  it('never rewrite history, and end with a snapshot of the derived schema, so db:generate adds nothing', async () => {
    const journal = JSON.parse(readFileSync(join(pgMigrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: { idx: number; tag: string }[];
    };
    const lines = readFileSync(join(pgMigrationsFolder, 'history.sha256'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split(/\s+\*?/));
    expect(lines.map(([, file]) => file)).toEqual(journal.entries.map((e) => `${e.tag}.sql`));
    for (const [hash, file] of lines)
      expect(
        createHash('sha256')
          .update(readFileSync(join(pgMigrationsFolder, file as string)))
          .digest('hex'),
        file,
      ).toBe(hash);
    const last = journal.entries.at(-1) as { idx: number };
    const snapshot = JSON.parse(
      readFileSync(join(pgMigrationsFolder, 'meta', `${String(last.idx).padStart(4, '0')}_snapshot.json`), 'utf8'),
    ) as Record<string, unknown>;
    const current = (await generateDrizzleJson(pgSchema)) as unknown as Record<string, unknown>;
    for (const key of ['tables', 'enums', 'schemas', 'sequences', 'roles', 'policies', 'views'])
      expect(snapshot[key], key).toEqual(current[key]);
  });
});

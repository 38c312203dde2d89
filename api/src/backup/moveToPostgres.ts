import { getTableColumns, getTableName, gt, sql } from 'drizzle-orm';
import { getTableConfig, type SQLiteColumn, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { pgTables } from '../db/pgSchema';
import { migratePostgres, openPostgres } from '../db/postgres';
import * as schema from '../db/schema';
import { sqliteStore } from '../db/store';
import { backfillTriage } from '../pharmacy';
import { folderPdfStore, type PdfStore } from '../db/pdfStore';
import { sealSocialSecurityNumbers, type SsnSealer } from '../patient';

export interface MoveReport {
  /** Rows copied per table, in the order they were copied. */
  tables: { table: string; rows: number }[];
  ms: number;
}

/** A table's primary key column's property name in its rows. */
function keyPropertyOf(table: SQLiteTable): string {
  const key = Object.entries(getTableColumns(table)).find(([, c]) => c.primary)?.[0];
  if (!key) throw new Error(`${getTableName(table)}: no primary key to read it in order`);
  return key;
}

/** A table's primary key column: the order its rows are read and compared in. */
export function keyColumnOf(table: SQLiteTable): SQLiteColumn {
  return getTableColumns(table)[keyPropertyOf(table)] as SQLiteColumn;
}

/** The tables of schema.ts, each after the tables it refers to (a row's references exist when it is written). */
export function inReferenceOrder(): [keyof typeof pgTables, SQLiteTable][] {
  const all = Object.entries(schema).filter(([key]) => key in pgTables) as [keyof typeof pgTables, SQLiteTable][];
  const ordered: [keyof typeof pgTables, SQLiteTable][] = [];
  const placed = new Set<SQLiteTable>();
  while (ordered.length < all.length) {
    const ready = all.filter(
      ([, table]) =>
        !placed.has(table) &&
        getTableConfig(table).foreignKeys.every(
          (fk) => fk.reference().foreignTable === table || placed.has(fk.reference().foreignTable),
        ),
    );
    if (ready.length === 0) throw new Error('moveToPostgres: the tables refer to each other in a cycle');
    for (const entry of ready) {
      ordered.push(entry);
      placed.add(entry[1]);
    }
  }
  return ordered;
}

/** Rows read from SQLite and written to PostgreSQL at a time: a few MB of answers at most. */
const BATCH = 500;
/** Documents at a time: each carries its PDF (about 45 KB). */
const DOCUMENT_BATCH = 50;

/** A document row as PostgreSQL keeps it: its PDF in the row, read from the SQLite side's files. */
async function withPdfInRow(pdfs: PdfStore, row: Record<string, unknown>): Promise<Record<string, unknown>> {
  const key = row.fileKey;
  if (typeof key !== 'string') return row;
  const bytes = await pdfs.get(key);
  if (!bytes) throw new Error(`PDF introuvable dans le dossier des PDF\u00a0: ${key}`);
  return { ...row, content: bytes, fileKey: null };
}

/**
 * Copies a SQLite database into an empty PostgreSQL database, whole or not at all:
 * - the SQLite file is brought to the current schema first (its migrations, the triage backfill),
 *   as the server would at its next start;
 * - PostgreSQL gets its migrations, then every table's rows in one transaction, each table after
 *   those it refers to, ids kept, then each identity continues after the largest id moved;
 * - the counts of both sides are compared before the commit.
 * A target that already holds an account is refused: the move is for a new PostgreSQL database.
 * The PDF files of `pdfDir` go into their rows, where PostgreSQL keeps them; the files are left
 * as they were.
 */
export async function moveToPostgres(
  sqliteFile: string,
  databaseUrl: string,
  pdfDir: string,
  ssns: SsnSealer,
): Promise<MoveReport> {
  const started = Date.now();
  const pdfs = folderPdfStore(pdfDir);
  const source = openDatabase(sqliteFile);
  const target = openPostgres(databaseUrl, 2);
  try {
    runMigrations(source.db);
    await backfillTriage(sqliteStore(source.db));
    // Numbers stored in clear by an older version are sealed first, as a server's start would.
    await sealSocialSecurityNumbers(sqliteStore(source.db), ssns);
    await migratePostgres(target.$client);
    const existing = (await target.execute<{ n: number }>(sql`SELECT count(*) AS n FROM accounts`)).rows[0]?.n ?? 0;
    if (existing > 0)
      throw new Error(
        `la base PostgreSQL n’est pas vide (${existing} comptes)\u00a0: le déplacement se fait vers une base neuve`,
      );
    const tables: MoveReport['tables'] = [];
    await target.transaction(async (tx) => {
      for (const [key, table] of inReferenceOrder()) {
        const name = getTableName(table);
        const destination = pgTables[key] as unknown as typeof table;
        const keyColumn = keyColumnOf(table);
        let moved = 0;
        const isDocuments = table === schema.documents;
        // In key order, each batch after the last key of the one before (an offset would read all
        // the rows before it again at every batch).
        for (let after: unknown = undefined; ;) {
          const read = source.db
            .select()
            .from(table)
            .where(after === undefined ? undefined : gt(keyColumn, after))
            .orderBy(keyColumn)
            .limit(isDocuments ? DOCUMENT_BATCH : BATCH)
            .all() as Record<string, unknown>[];
          if (read.length === 0) break;
          const rows = isDocuments ? await Promise.all(read.map((row) => withPdfInRow(pdfs, row))) : read;
          // Typed against SQLite's table; the derived PostgreSQL table has the same columns.
          await (tx as unknown as typeof source.db).insert(destination).values(rows);
          moved += rows.length;
          after = (rows.at(-1) as Record<string, unknown>)[keyPropertyOf(table)];
        }
        const [{ n } = { n: -1 }] = (
          await tx.execute<{ n: number }>(sql`SELECT count(*) AS n FROM ${sql.identifier(name)}`)
        ).rows;
        if (n !== moved) throw new Error(`${name}\u00a0: ${moved} lignes lues, ${n} écrites`);
        if (keyColumn.name === 'id') {
          // Rows came with their ids: the identity continues after the largest one.
          await tx.execute(
            sql`SELECT setval(pg_get_serial_sequence(${name}, 'id'), coalesce((SELECT max(id) FROM ${sql.identifier(name)}), 0) + 1, false)`,
          );
        }
        tables.push({ table: name, rows: moved });
      }
    });
    return { tables, ms: Date.now() - started };
  } finally {
    source.sqlite.close();
    await target.$client.end();
  }
}

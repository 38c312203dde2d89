import { getTableColumns, getTableName, is, type Column } from 'drizzle-orm';
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import {
  bigint,
  boolean,
  customType,
  foreignKey,
  index,
  pgTable,
  text,
  uniqueIndex,
  type PgColumnBuilderBase,
  type PgTable,
} from 'drizzle-orm/pg-core';
import * as sqlite from './schema';

// The PostgreSQL schema is not written a second time: it is derived here from schema.ts, table by
// table and column by column, so both databases hold the same tables, columns, defaults, keys and
// indexes by construction (drizzle-kit generates api/drizzle-pg from this file; pgMigrations.test.ts
// compares both databases once migrated). The mapping keeps the values the repositories read:
// SQLite's integers are 64-bit, so are these (bigint read as a JS number: ids and epoch
// milliseconds stay far below 2^53); SQLite's 0/1 booleans become booleans; blobs become bytea.

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

type SqliteColumn = Column & { autoIncrement?: boolean; enumValues?: string[] };

function columnOf(column: SqliteColumn): PgColumnBuilderBase {
  const name = column.name;
  let built;
  switch (column.columnType) {
    case 'SQLiteText':
      built = column.enumValues?.length ? text(name, { enum: column.enumValues as [string, ...string[]] }) : text(name);
      break;
    case 'SQLiteInteger':
      built = bigint(name, { mode: 'number' });
      if (column.primary && column.autoIncrement) built = built.primaryKey().generatedByDefaultAsIdentity();
      break;
    case 'SQLiteBoolean':
      built = boolean(name);
      break;
    case 'SQLiteBlobBuffer':
      built = bytea(name);
      break;
    default:
      throw new Error(`pgSchema: no PostgreSQL type for ${column.columnType} (${name})`);
  }
  if (column.primary && !column.autoIncrement) built = built.primaryKey();
  if (column.notNull && !column.primary) built = built.notNull();
  if (column.hasDefault && column.default !== undefined) built = built.default(column.default as never);
  return built;
}

const derived = new Map<SQLiteTable, PgTable>();

/** The column of this name among a table's columns (a derived column keeps its SQLite name). */
const named = (columns: Record<string, Column>, name: string) =>
  Object.values(columns).find((c) => c.name === name) as never;

function derive<T extends SQLiteTable>(table: T): PgTable {
  const config = getTableConfig(table);
  const columns = Object.fromEntries(
    Object.entries(getTableColumns(table)).map(([key, column]) => [key, columnOf(column as SqliteColumn)]),
  );
  // drizzle builds the indexes and foreign keys later, once every table is derived.
  const pg = pgTable(getTableName(table), columns, (t) => [
    ...config.indexes.map((i) => {
      const on = i.config.columns.map((c) => named(t, (c as Column).name)) as [never, ...never[]];
      const built = (i.config.unique ? uniqueIndex(i.config.name) : index(i.config.name)).on(...on);
      // A partial index (acts' active ones) keeps its condition, plain SQL both databases read.
      return i.config.where ? built.where(i.config.where) : built;
    }),
    ...config.foreignKeys.map((fk) => {
      const reference = fk.reference();
      const target = derived.get(reference.foreignTable);
      if (!target) throw new Error(`pgSchema: ${getTableName(table)} refers to a table that is not in schema.ts`);
      const built = foreignKey({
        columns: reference.columns.map((c) => named(t, c.name)) as [never, ...never[]],
        foreignColumns: reference.foreignColumns.map((c) => named(getTableColumns(target), c.name)) as [
          never,
          ...never[],
        ],
        name: fk.getName(),
      });
      return fk.onDelete ? built.onDelete(fk.onDelete) : built;
    }),
  ]);
  derived.set(table, pg);
  return pg;
}

const tables = Object.fromEntries(
  Object.entries(sqlite)
    .filter(([, value]) => is(value, SQLiteTable))
    .map(([key, value]) => [key, derive(value as SQLiteTable)]),
);

/**
 * The repositories are typed against schema.ts; on PostgreSQL they are handed these tables, the
 * same shape by construction, under the same names.
 */
export const pgTables = tables as unknown as {
  [K in keyof typeof sqlite as (typeof sqlite)[K] extends SQLiteTable ? K : never]: (typeof sqlite)[K];
};

export const accounts = tables.accounts;
export const patients = tables.patients;
export const forms = tables.forms;
export const plans = tables.plans;
export const planVersions = tables.planVersions;
export const acts = tables.acts;
export const actEntries = tables.actEntries;
export const documents = tables.documents;
export const emails = tables.emails;
export const botCheckSolutions = tables.botCheckSolutions;
export const demoSubmissions = tables.demoSubmissions;
export const invitations = tables.invitations;
export const accountTokens = tables.accountTokens;
export const loginCodes = tables.loginCodes;
export const staffSessions = tables.staffSessions;
export const loginFailures = tables.loginFailures;
export const trustedDevices = tables.trustedDevices;
export const auditLog = tables.auditLog;
export const rateLimits = tables.rateLimits;
export const capAlerts = tables.capAlerts;
export const jobLeases = tables.jobLeases;
export const jobRuns = tables.jobRuns;

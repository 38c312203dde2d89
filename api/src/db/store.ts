import { AsyncLocalStorage } from 'node:async_hooks';
import type Database from 'better-sqlite3';
import type { SQL } from 'drizzle-orm';
import { SQLiteSyncDialect } from 'drizzle-orm/sqlite-core';
import { drizzle as sqliteProxy, type SqliteRemoteDatabase } from 'drizzle-orm/sqlite-proxy';
import * as schema from './schema';
import type { pgTables } from './pgSchema';
import type { Db } from './client';

/**
 * The database as the repositories see it, on SQLite or PostgreSQL: drizzle's query builder,
 * asynchronous, typed against schema.ts (pgSchema.ts derives the PostgreSQL tables with the same
 * shape), the tables to build queries on, and transactions.
 *
 * Repositories keep to what both dialects run: `await` a query (rows), `.returning()` where a
 * write's rows or count matter, `onConflictDoUpdate`/`onConflictDoNothing`, and SQL that both
 * accept; `dialect` is for the few places that need their own SQL.
 */
export interface Store {
  readonly dialect: 'sqlite' | 'postgres';
  readonly db: StoreDb;
  readonly tables: Tables;
  /**
   * Runs `work` in one transaction: committed if it resolves, rolled back if it throws. On SQLite
   * it holds the write lock from its start (BEGIN IMMEDIATE); on PostgreSQL it is READ COMMITTED,
   * so a body that reads then writes rows other servers may write locks them or conditions its
   * write on what it read.
   */
  transaction<T>(work: (tx: StoreDb) => Promise<T>): Promise<T>;
  /**
   * Inside a transaction: waits for any other transaction that locked the same key, until this one
   * ends (PostgreSQL's transaction-level advisory lock). For a read-then-write rule on rows another
   * server may insert meanwhile (a count under a limit). SQLite's transactions already run one
   * at a time.
   */
  lockKey(tx: StoreDb, key: string): Promise<void>;
  /**
   * After rows of a person were deleted (an erase, a purge batch): SQLite moves its write-ahead
   * log into the database file and truncates it, so that no copy of the deleted pages stays in
   * the log (secure_delete zeroes them in the file). Nothing on PostgreSQL (see README: VACUUM).
   */
  forgetDeleted(): Promise<void>;
  /** A statement of raw SQL both dialects accept (`sql` template), for its rows; in `tx` when given. */
  rows<T>(query: SQL, tx?: StoreDb): Promise<T[]>;
  /**
   * SQLite: runs synchronous code on the connection (prepared statements of the hot paths) once no
   * transaction of another caller is open, so that it never lands inside one.
   */
  exclusive<T>(work: () => T): Promise<T>;
  /**
   * SQLite only: drizzle's synchronous driver on the same connection, for the hot paths that run
   * prepared statements inside `exclusive` (the page save's group commit). Undefined on PostgreSQL.
   */
  readonly sync?: Db;
  /** PostgreSQL: the pool's connections now (metrics). Undefined on SQLite's single connection. */
  readonly pool?: () => { total: number; idle: number; waiting: number; max: number };
  close(): Promise<void>;
}

export type StoreDb = SqliteRemoteDatabase<typeof schema>;
export type Tables = typeof pgTables;

/**
 * better-sqlite3 is synchronous and has one connection: a transaction whose body awaits would let
 * other requests' statements run inside it (committed or rolled back with it). The gate lets one
 * transaction at a time own the connection; any other statement waits until it ends. The owner is
 * known through the async context, so the body's own statements pass.
 */
class SqliteGate {
  private owner: symbol | undefined;
  private ended: Promise<void> = Promise.resolve();
  private turn: Promise<void> = Promise.resolve();
  private readonly context = new AsyncLocalStorage<symbol>();

  private get outside(): boolean {
    return this.owner !== undefined && this.context.getStore() !== this.owner;
  }

  /** Resolves once the connection is free for the caller (at once when no transaction is open). */
  async free(): Promise<void> {
    while (this.outside) await this.ended;
  }

  async transaction<T>(sqlite: Database.Database, work: () => Promise<T>): Promise<T> {
    // A transaction opened inside another one's body joins it.
    if (this.owner !== undefined && !this.outside) return work();
    const previous = this.turn;
    let next!: () => void;
    this.turn = new Promise((resolve) => (next = resolve));
    await previous;
    await this.free();
    const owner = Symbol('transaction');
    let end!: () => void;
    this.ended = new Promise((resolve) => (end = resolve));
    this.owner = owner;
    try {
      return await this.context.run(owner, async () => {
        sqlite.exec('BEGIN IMMEDIATE');
        try {
          const result = await work();
          sqlite.exec('COMMIT');
          return result;
        } catch (err) {
          if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
          throw err;
        }
      });
    } finally {
      this.owner = undefined;
      end();
      next();
    }
  }
}

/** The statements drizzle builds, prepared once each (their SQL repeats: placeholders hold values). */
function statementCache(sqlite: Database.Database, size = 500) {
  const cache = new Map<string, Database.Statement>();
  return (query: string): Database.Statement => {
    let statement = cache.get(query);
    if (statement) return statement;
    statement = sqlite.prepare(query);
    if (cache.size >= size) cache.delete(cache.keys().next().value as string);
    cache.set(query, statement);
    return statement;
  };
}

/** The store over an open SQLite connection (db/client.ts opens it with its pragmas). */
export function sqliteStore(sync: Db): Store {
  const sqlite = sync.$client;
  const dialect = new SQLiteSyncDialect();
  const gate = new SqliteGate();
  const prepare = statementCache(sqlite);
  const db = sqliteProxy(
    async (query, params, method) => {
      await gate.free();
      const statement = prepare(query);
      if (method === 'run' || !statement.reader) return { rows: [], ...statement.run(...params) };
      if (method === 'get') return { rows: statement.raw(true).get(...params) as unknown[] };
      return { rows: statement.raw(true).all(...params) as unknown[][] };
    },
    { schema },
  );
  return {
    dialect: 'sqlite',
    db,
    sync,
    tables: schema as unknown as Tables,
    transaction: (work) => gate.transaction(sqlite, () => work(db)),
    // Not through drizzle's proxy: it hands raw rows back as they come, and the proxy's rows are
    // arrays (for its column mapping); here they are objects keyed by column.
    rows: async <T>(query: SQL) => {
      await gate.free();
      const built = dialect.sqlToQuery(query);
      const statement = prepare(built.sql);
      return (
        statement.reader ? statement.raw(false).all(...built.params) : (statement.run(...built.params), [])
      ) as T[];
    },
    lockKey: async () => {},
    forgetDeleted: async () => {
      await gate.free();
      sqlite.pragma('wal_checkpoint(TRUNCATE)');
    },
    exclusive: async (work) => {
      await gate.free();
      return work();
    },
    close: async () => {
      await gate.free();
      sqlite.close();
    },
  };
}

/** The first row of a query, or undefined (SQLite's `.get()`, which PostgreSQL's builder lacks). */
export async function first<T>(query: PromiseLike<T[]>): Promise<T | undefined> {
  return (await query)[0];
}

/** Whether a conditional write (`.returning()`) changed its one row: SQLite's `changes === 1`, on both databases. */
export async function changedOne(rows: PromiseLike<unknown[]>): Promise<boolean> {
  return (await rows).length === 1;
}

import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

/**
 * Raw SQL as the tests write it (`?` placeholders), for whichever database the app runs on: the
 * same test reads SQLite or PostgreSQL (TEST_DATABASE). The SQL is the tests' own, never input.
 */
function query(text: string, params: unknown[]): SQL {
  const parts = text.split('?');
  if (parts.length !== params.length + 1)
    throw new Error(`sql: ${parts.length - 1} placeholders, ${params.length} values`);
  const chunks: SQL[] = [sql.raw(parts[0] as string)];
  params.forEach((value, i) => chunks.push(sql`${value}`, sql.raw(parts[i + 1] as string)));
  return sql.join(chunks);
}

export const sqlAll = <T = Record<string, unknown>>(
  app: FastifyInstance,
  text: string,
  ...params: unknown[]
): Promise<T[]> => app.store.rows<T>(query(text, params));

export async function sqlGet<T = Record<string, unknown>>(
  app: FastifyInstance,
  text: string,
  ...params: unknown[]
): Promise<T | undefined> {
  return (await sqlAll<T>(app, text, ...params))[0];
}

export async function sqlRun(app: FastifyInstance, text: string, ...params: unknown[]): Promise<void> {
  await app.store.rows(query(text, params));
}

/** The one row a write returned (`.returning()`): an insert the test made, which must be there. */
export async function one<T>(query: PromiseLike<T[]>): Promise<T> {
  const [row] = await query;
  if (row === undefined) throw new Error('one: no row returned');
  return row;
}

/**
 * Every row of the given tables (by default all of the app's), each table in the order of its
 * first column, its key: what "nothing changed" and "everything restored" are compared on.
 */
export async function tableRows(
  app: FastifyInstance,
  tables: string[] = Object.values(app.store.tables)
    .map((t) => getTableName(t))
    .sort(),
): Promise<Record<string, unknown[]>> {
  const rows: Record<string, unknown[]> = {};
  for (const table of tables) rows[table] = await sqlAll(app, `SELECT * FROM "${table}" ORDER BY 1`);
  return rows;
}

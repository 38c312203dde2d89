import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/**
 * A new, empty database on the run's PostgreSQL server (postgresGlobalSetup.ts), for one test
 * file or one test: its URL. Nothing is shared between files, as each SQLite test has its file.
 */
export async function freshPostgresDatabase(): Promise<string> {
  const admin = new URL(inject('postgresUrl'));
  const name = `bilan_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const client = new pg.Client({ connectionString: admin.href });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  admin.pathname = `/${name}`;
  return admin.href;
}

import { inject } from 'vitest';
import { createDatabase } from './postgres';

/**
 * A new, empty database on the run's PostgreSQL server (postgresGlobalSetup.ts), for one test
 * file or one test: its URL. Nothing is shared between files, as each SQLite test has its file.
 */
export function freshPostgresDatabase(): Promise<string> {
  return createDatabase(inject('postgresUrl'));
}

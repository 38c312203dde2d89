import type { Config } from '../src/config';
import { openDatabase } from '../src/db/client';
import { jobRuns, type JobRuns } from '../src/db/jobRuns';
import { sqliteStore, type Store } from '../src/db/store';

/**
 * The configured database for a command that records something in it (the backup's end), as it
 * is: neither migrated nor seeded, which stays the server's work.
 */
export async function openStoreForCommand(config: Config): Promise<{ jobRuns: JobRuns; close(): Promise<void> }> {
  let store: Store;
  if (config.databaseUrl) {
    const { openPostgres, postgresStore } = await import('../src/db/postgres');
    store = postgresStore(openPostgres(config.databaseUrl, 1));
  } else {
    store = sqliteStore(openDatabase(config.databaseFile).db);
  }
  return { jobRuns: jobRuns(store), close: () => store.close() };
}

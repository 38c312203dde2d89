import { spawnSync } from 'node:child_process';
import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { createPrivateFile, privateDir } from '../privateFiles';

export interface PostgresBackupResult {
  file: string;
  bytes: number;
  /** Tables whose rows the archive holds, as pg_restore lists them. */
  tables: number;
}

/**
 * The URL without its password, and the password apart: pg_dump reads it from PGPASSWORD, so that
 * it never shows in the list of processes.
 */
function credentials(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.href, env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

function run(program: string, args: string[], env: NodeJS.ProcessEnv): string {
  const result = spawnSync(program, args, { env, encoding: 'utf8' });
  if (result.error) throw new Error(`${program} introuvable (paquet postgresql-client)\u00a0: ${result.error.message}`);
  if (result.status !== 0)
    throw new Error(`${program} en échec (${result.status})\u00a0: ${result.stderr.trim().slice(0, 500)}`);
  return result.stdout;
}

/**
 * A backup of a PostgreSQL database with pg_dump, in its custom format (compressed, restored with
 * pg_restore): a consistent snapshot while the servers keep writing. Written under a temporary
 * name, checked by listing it with pg_restore, then renamed; readable by its owner only (health
 * data).
 */
export function backupPostgres(databaseUrl: string, destination: string): PostgresBackupResult {
  const folder = dirname(destination);
  if (!existsSync(folder)) privateDir(folder);
  const partial = `${destination}.partial`;
  rmSync(partial, { force: true });
  const { url, env } = credentials(databaseUrl);
  try {
    createPrivateFile(partial);
    run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${partial}`, `--dbname=${url}`], env);
    const listing = run('pg_restore', ['--list', partial], env);
    const tables = listing.split('\n').filter((line) => / TABLE DATA /.test(line)).length;
    if (tables === 0) throw new Error('la copie ne contient aucune table');
    renameSync(partial, destination);
    return { file: destination, bytes: statSync(destination).size, tables };
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  }
}

/** Restores a pg_dump archive into an empty database (the way back, and the backup's test). */
export function restorePostgres(archive: string, databaseUrl: string): void {
  const { url, env } = credentials(databaseUrl);
  run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${url}`, archive], env);
}

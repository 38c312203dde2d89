import { spawn } from 'node:child_process';

/**
 * The URL without its password, and the password apart: pg_dump and pg_restore read it from
 * PGPASSWORD, so that it never shows in the list of processes.
 */
function credentials(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.href, env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Runs a PostgreSQL client program to its end, without blocking the event loop: what it printed. */
function run(program: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
    child.once('error', (e) =>
      reject(new Error(`${program} introuvable (paquet postgresql-client)\u00a0: ${e.message}`)),
    );
    child.once('close', (status) =>
      status === 0
        ? resolve(out)
        : reject(new Error(`${program} en échec (${status})\u00a0: ${err.trim().slice(0, 500)}`)),
    );
  });
}

/**
 * pg_dump of the database in its custom format (compressed, read back by pg_restore), as of
 * `snapshot` (pg_export_snapshot of a transaction the caller holds open, so that the counts and
 * hashes it reads in that transaction describe exactly this dump). Checked by listing it.
 */
export async function dumpPostgres(databaseUrl: string, snapshot: string, file: string): Promise<number> {
  const { url, env } = credentials(databaseUrl);
  await run(
    'pg_dump',
    ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${snapshot}`, `--file=${file}`, `--dbname=${url}`],
    env,
  );
  const listing = await run('pg_restore', ['--list', file], env);
  const tables = listing.split('\n').filter((line) => / TABLE DATA /.test(line)).length;
  if (tables === 0) throw new Error('la copie ne contient aucune table');
  return tables;
}

/** Restores a pg_dump archive into a database with no table of ours. */
export async function restorePostgres(archive: string, databaseUrl: string): Promise<void> {
  const { url, env } = credentials(databaseUrl);
  await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${url}`, archive], env);
}

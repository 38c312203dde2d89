import { execFileSync, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/**
 * A private PostgreSQL server for the tests and the bench: the system's binaries (apt's
 * postgresql, as .ci/run installs it), a fresh cluster in a temporary folder, listening only on a
 * Unix socket inside that folder (no TCP port to collide with, nothing reachable from outside),
 * trust authentication for its one user. Run as root (CI), the cluster belongs to the system's
 * `postgres` user, as PostgreSQL refuses to run as root.
 */
export interface TestPostgres {
  /** The server's URL for one database (`postgres://postgres@localhost/NAME?host=SOCKET_FOLDER`: the socket folder wins over the host). */
  url(database: string): string;
  /** Creates an empty database and returns its URL. */
  createDatabase(name?: string): Promise<string>;
  stop(): void;
}

function binaries(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0])
    throw new Error(
      'PostgreSQL n’est pas installé (apt-get install -y postgresql) : /usr/lib/postgresql/<version>/bin/pg_ctl est introuvable.',
    );
  return join(root, versions[0], 'bin');
}

const asRoot = userInfo().uid === 0;

/** A PostgreSQL program's command line, as the `postgres` user when we are root. */
function invocation(bin: string, program: string, args: string[]): [string, string[]] {
  return asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, program), ...args]] : [join(bin, program), args];
}

/** Runs a PostgreSQL program: its output, or an error with what it printed. */
function run(bin: string, program: string, args: string[]): string {
  return execFileSync(...invocation(bin, program, args), { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Stops a cluster at once (its data is thrown away after). */
function stopCluster(bin: string, data: string): void {
  // Whatever happens (a cluster already gone), the caller removes the folder after.
  spawnSync(...invocation(bin, 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']), { stdio: 'ignore' });
}

/** A process still running? (signal 0 tests it without touching it) */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Stops the clusters earlier runs left behind when they were killed before their teardown (a
 * cancelled test run, a killed bench): each folder names the process that started it.
 */
function stopOrphans(bin: string): void {
  for (const name of readdirSync(tmpdir()).filter((n) => n.startsWith('bilan-pg-'))) {
    const folder = join(tmpdir(), name);
    const owner = join(folder, 'owner.pid');
    if (!existsSync(owner) || alive(Number(readFileSync(owner, 'utf8')))) continue;
    const data = join(folder, 'data');
    if (existsSync(join(data, 'postmaster.pid'))) stopCluster(bin, data);
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * Creates an empty database (a random name unless given) on the server of `adminUrl` (a URL of
 * one of its databases) and returns the new database's URL.
 */
export async function createDatabase(
  adminUrl: string,
  name = `bilan_${randomUUID().replaceAll('-', '').slice(0, 16)}`,
): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const created = new URL(adminUrl);
  created.pathname = `/${name}`;
  return created.href;
}

/**
 * Starts the server. `durable: false` (tests) turns fsync off, as a throwaway cluster needs no
 * crash safety; the bench keeps PostgreSQL's defaults so its figures are a real server's.
 */
export function startPostgres(options: { durable?: boolean } = {}): TestPostgres {
  const bin = binaries();
  stopOrphans(bin);
  const folder = mkdtempSync(join(tmpdir(), 'bilan-pg-'));
  writeFileSync(join(folder, 'owner.pid'), String(process.pid));
  const data = join(folder, 'data');
  if (asRoot) {
    const ids = execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim();
    const group = execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim();
    chownSync(folder, Number(ids), Number(group));
  }
  run(bin, 'initdb', [
    '-D',
    data,
    '-U',
    'postgres',
    '-A',
    'trust',
    '--encoding=UTF8',
    '--locale=C.UTF-8',
    '--no-instructions',
  ]);
  const settings = ["-c listen_addresses=''", `-k ${folder}`, '-p 5432', '-c max_connections=200'];
  if (!options.durable) settings.push('-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off');
  run(bin, 'pg_ctl', ['-D', data, '-l', join(folder, 'server.log'), '-o', settings.join(' '), '-w', 'start']);
  const url = (database: string) => `postgres://postgres@localhost/${database}?host=${encodeURIComponent(folder)}`;
  return {
    url,
    createDatabase: (name?: string) => createDatabase(url('postgres'), name),
    stop() {
      stopCluster(bin, data);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

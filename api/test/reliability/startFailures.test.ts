// A start that fails says why in one JSON line (level fatal, its code) and one French/English
// sentence on standard error, never a stack, and exits with a status systemd acts on (78: a
// setting to fix, not retried). Corrupt database, read-only data folder, metrics port taken,
// misspelt or bad settings, a DATA_DIR that does not exist.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/config';
import { serverEnv } from './serverProcess';
import { temporaryFolders } from '../temporaryFolders';

const folders = temporaryFolders('bilan-start-');
const mounts: string[] = [];
let taken: Server | undefined;
afterAll(() => {
  taken?.close();
  for (const mount of mounts) execFileSync('umount', [mount]);
  folders.removeAll();
});

/** The server from the source, to its exit: status, its JSON lines, and what standard error said. */
function start(env: Record<string, string>) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(repoRoot, 'api', 'src', 'main.ts')], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  const lines = r.stdout.split('\n').filter(Boolean);
  const fatal = lines
    .map((l) => JSON.parse(l) as { level: number; code?: string; msg: string })
    .filter((l) => l.level === 60);
  return { status: r.status, fatal, stderr: r.stderr.trim(), all: `${r.stdout}\n${r.stderr}` };
}

function expectOneLineEach(r: ReturnType<typeof start>, code: string, status: number, sentence: string) {
  expect(r.status, r.all).toBe(status);
  expect(r.fatal).toEqual([expect.objectContaining({ code, msg: 'démarrage impossible' })]);
  expect(r.stderr.split('\n'), r.stderr).toHaveLength(1);
  expect(r.stderr).toContain(sentence);
  expect(r.all).not.toMatch(/\n\s+at /);
}

describe('a start that fails', () => {
  it('on a corrupt database', { timeout: 90_000 }, () => {
    const dir = folders.make();
    writeFileSync(join(dir, 'bilan.sqlite'), Buffer.alloc(8192, 0x41));
    expectOneLineEach(start(serverEnv(dir)), 'database_corrupt', 1, 'est endommagée ou n’est pas une base SQLite');
  });

  it('on a read-only data folder', { timeout: 90_000 }, () => {
    const dir = join(folders.make(), 'lecture-seule');
    mkdirSync(dir);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=1m', 'tmpfs', dir]);
    mounts.push(dir);
    expectOneLineEach(start(serverEnv(dir)), 'data_folder_not_writable', 78, 'n’est pas accessible en écriture');
  });

  it('on a metrics port already taken', { timeout: 90_000 }, async () => {
    taken = createServer();
    const port = await new Promise<number>((resolve) =>
      taken?.listen(0, '127.0.0.1', () => resolve((taken?.address() as { port: number }).port)),
    );
    const r = start(serverEnv(folders.make(), { METRICS_PORT: String(port) }));
    expectOneLineEach(r, 'port_in_use', 1, `le port ${port} est déjà utilisé`);
  });

  it('on bad or misspelt settings and a DATA_DIR that does not exist, all named at once', { timeout: 90_000 }, () => {
    const missing = join(folders.make(), 'absent');
    const r = start({ ...serverEnv(missing), LOG_LEVEL: 'verbose', PROT: '3000' });
    expect(r.status).toBe(78);
    expect(r.fatal).toEqual([expect.objectContaining({ code: 'invalid_configuration' })]);
    expect(r.stderr).toContain('PROT : variable inconnue, vouliez-vous dire PORT ?');
    expect(r.stderr).toContain('LOG_LEVEL : fatal, error, warn, info, debug, trace, silent attendu, reçu « verbose »');
    expect(r.stderr).toContain(`DATA_DIR : le dossier ${missing} n’existe pas`);
    expect(r.all).not.toMatch(/\n\s+at /);
  });
});

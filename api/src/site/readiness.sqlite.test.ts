// GET /api/ready: 503 with the cause's code when the disk runs below DISK_MIN_FREE_MB or is
// really full (a 4 MB tmpfs filled up, root only: the suite runs as root, as CI does), 200 again
// once space is back. /api/health stays liveness meanwhile.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { TEST_NOW, testConfig } from '../../test/helpers';
import { temporaryFolders } from '../../test/temporaryFolders';

const folders = temporaryFolders('bilan-ready-');
const apps: FastifyInstance[] = [];
const mounts: string[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
  for (const mount of mounts) execFileSync('umount', [mount]);
  folders.removeAll();
});

const ready = async (app: FastifyInstance) => {
  const res = await app.inject({ method: 'GET', url: '/api/ready' });
  return { status: res.statusCode, body: res.json() as { status?: string; code?: string; details?: unknown } };
};

describe('GET /api/ready', () => {
  it('answers 503 disk_space_low below DISK_MIN_FREE_MB, while /api/health stays ok', async () => {
    const app = await buildApp({
      config: testConfig(folders.make(), { diskMinFreeBytes: 2 ** 60 }),
      clock: () => TEST_NOW,
    });
    apps.push(app);
    const r = await ready(app);
    expect(r.status).toBe(503);
    expect(r.body.code).toBe('disk_space_low');
    expect(JSON.stringify(r.body.details)).toContain('DISK_MIN_FREE_MB');
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    // The metrics' path is never the web app on the public port.
    const metrics = await app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.statusCode).toBe(404);
    expect(metrics.json()).toMatchObject({ code: 'not_found' });
  });

  it('answers 503 on a full disk (the PDF folder takes no file), and ready again once space is freed', async () => {
    const dir = join(folders.make(), 'disque');
    mkdirSync(dir);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', dir]);
    mounts.push(dir);
    const app = await buildApp({ config: testConfig(dir, { diskMinFreeBytes: 0 }), clock: () => TEST_NOW });
    apps.push(app);
    expect(await ready(app)).toEqual({ status: 200, body: { status: 'ready' } });

    // Fill what is left, as a runaway log would.
    const filler = join(dir, 'remplissage');
    try {
      writeFileSync(filler, Buffer.alloc(8 * 1024 * 1024));
    } catch (err) {
      expect((err as NodeJS.ErrnoException).code).toBe('ENOSPC');
    }
    const full = await ready(app);
    expect(full.status).toBe(503);
    expect(['pdf_store_not_writable', 'database_not_writable']).toContain(full.body.code);
    expect(JSON.stringify(full.body.details)).toContain('ENOSPC');
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    rmSync(filler);
    expect(await ready(app)).toEqual({ status: 200, body: { status: 'ready' } });
  });
});

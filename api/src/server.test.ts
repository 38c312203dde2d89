import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './server';

let dir: string;
let server: RunningServer;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'bilan-server-'));
  const web = join(dir, 'web');
  mkdirSync(join(web, 'assets'), { recursive: true });
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>Bilan Prévention</title><div id="root"></div>');
  writeFileSync(join(web, 'assets', 'app-1234.js'), 'console.log(1)');
  server = await startServer({ DATA_DIR: dir, PORT: '0', WEB_DIST: web, LOG_LEVEL: 'silent', ADMIN_PASSWORD: 'mot-de-passe-admin-long', DEMO_PHARMACY_PASSWORD: 'mot-de-passe-demo-long' });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('startServer', () => {
  it('migrates, seeds the demo pharmacy and the admin once, and serves the API', async () => {
    const res = await fetch(`${server.url}/api/clients/public/pharmacie-demo`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ client: { id: expect.any(Number), name: 'pharmacie-demo', nom: 'Pharmacie de démonstration' } });
    const admin = server.app.sqlite.prepare("SELECT role, email_verified_at AS verified, password_hash AS hash FROM clients WHERE name = 'admin'").get() as Record<string, string>;
    expect(admin.role).toBe('admin');
    expect(admin.verified).not.toBeNull();
    expect(admin.hash).toMatch(/^\$argon2id\$/);
    expect(server.app.sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(server.app.sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(server.app.sqlite.pragma('synchronous', { simple: true })).toBe(2);
  });

  it('serves the built web app with the SPA fallback, and JSON 404 under /api', async () => {
    const page = await fetch(`${server.url}/pharmacie-demo/userform`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const asset = await fetch(`${server.url}/assets/app-1234.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const api = await fetch(`${server.url}/api/unknown`);
    expect(api.status).toBe(404);
    expect((await api.json()).code).toBe('not_found');
  });
});

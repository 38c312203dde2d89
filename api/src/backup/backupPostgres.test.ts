// pnpm backup on PostgreSQL (DATABASE_URL): pg_dump's archive of the live database, checked, and
// restored by pg_restore into an empty database where a server finds every row.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { TEST_NOW, testConfig } from '../../test/helpers';
import { freshPostgresDatabase } from '../../test/postgresDatabase';
import { completeFlow, identityFor, injectCall } from '../../test/reliability/patientFlow';
import { tableRows } from '../../test/sql';
import { restorePostgres } from './backupPostgres';
import { temporaryFolders } from '../../test/temporaryFolders';
import { runCommand } from '../../test/runCommand';

const { make: tempDir, removeAll } = temporaryFolders('bilan-pgdump-');
const apps: FastifyInstance[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
  removeAll();
});

const backup = (dir: string, url: string, destination: string) =>
  runCommand('backup', [destination], { DATA_DIR: dir, DATABASE_URL: url });

describe('backup on PostgreSQL', () => {
  it('pnpm backup writes a pg_dump archive that restores into an empty database with every row, and refuses to overwrite it', async () => {
    const dir = tempDir();
    const url = await freshPostgresDatabase();
    const app = await buildApp({ config: testConfig(dir, { databaseUrl: url }), clock: () => TEST_NOW });
    apps.push(app);
    const pharmacy = await app.repos.accounts.insert({
      name: 'pharmacie-sauvegarde',
      displayName: 'Pharmacie de la Sauvegarde',
      email: 'sauvegarde@pharmacie.test',
      createdAt: TEST_NOW.toISOString(),
    });
    const done = await completeFlow(injectCall(app), pharmacy.id, identityFor(1, '45to50', TEST_NOW), '45to50');
    await app.storedPdfs.idle();
    await app.mailer.idle();

    const destination = join(tempDir(), 'sauvegarde.pgdump');
    const r = backup(dir, url, destination);
    expect(r.status, r.stderr).toBe(0);
    // Our 16 tables and drizzle's record of the migrations applied.
    expect(r.stdout).toMatch(
      /Sauvegarde PostgreSQL écrite : .*sauvegarde\.pgdump \(.* Mo, 17 tables relues par pg_restore/,
    );
    expect(r.stdout).toMatch(/ 2 PDF dans /);
    expect(readdirSync(`${destination}.pdfs`).sort()).toEqual(
      readdirSync(app.config.pdfDir)
        .filter((f) => f.endsWith('.pdf'))
        .sort(),
    );

    const restoredUrl = await freshPostgresDatabase();
    restorePostgres(destination, restoredUrl);
    const restored = await buildApp({ config: testConfig(dir, { databaseUrl: restoredUrl }), clock: () => TEST_NOW });
    apps.push(restored);
    expect(await tableRows(restored)).toEqual(await tableRows(app));
    expect((await restored.repos.patient.findWithForm(done.patient.userId))?.form.status).toBe('submitted');
    // The restored identities continue after the restored rows.
    const next = await restored.repos.accounts.insert({
      name: 'apres-restauration',
      displayName: 'Après',
      email: 'apres@pharmacie.test',
      createdAt: TEST_NOW.toISOString(),
    });
    expect(next.id).toBeGreaterThan(pharmacy.id);

    const again = backup(dir, url, destination);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('La destination existe déjà');
  });
});

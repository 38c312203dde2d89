// The restore drill of docs/operations.md, on the suite's database (SQLite, or PostgreSQL in the
// api-postgres project): forms and PDFs made, `pnpm backup` while the server runs, an empty
// machine, `pnpm restore`, and a server on it serves every form and every PDF, byte for byte.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BANDS } from '@bilan/fixtures';
import { buildApp } from '../app';
import { buildTestApp, onPostgres, TEST_NOW, testConfig, type TestApp } from '../../test/helpers';
import { enableLogin, login } from '../../test/accounts';
import { completeFlow, identityFor, injectCall, registerPatient } from '../../test/reliability/patientFlow';
import { tableRows } from '../../test/sql';
import { temporaryFolders } from '../../test/temporaryFolders';
import { runCommand } from '../../test/runCommand';
import type { Config } from '../config';

const { make: tempDir, removeAll } = temporaryFolders('bilan-drill-');
const KEY = 'cle-de-sauvegarde-du-test-assez-longue-0123456789';
const apps: FastifyInstance[] = [];
let t: TestApp | undefined;
afterAll(async () => {
  for (const app of apps) await app.close();
  await t?.close();
  removeAll();
});

/** The environment a command gets on a machine of this configuration. */
const envOf = (config: Config, extra: Record<string, string> = {}) => ({
  DATA_DIR: config.dataDir,
  ...(config.databaseUrl ? { DATABASE_URL: config.databaseUrl } : { DATABASE_FILE: config.databaseFile }),
  BACKUP_KEY: KEY,
  ...extra,
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Every PDF of these forms as the pharmacist downloads them: "<id>/<kind>" → SHA-256. */
async function downloads(app: FastifyInstance, pharmacyId: number, email: string, ids: number[]) {
  await enableLogin(app, pharmacyId);
  const token = await login(app, email);
  const found: Record<string, string> = {};
  for (const id of ids)
    for (const kind of ['formulaire', 'bilan']) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/pdf-download/${id}/${kind}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode, `${id}/${kind}: ${res.body.slice(0, 200)}`).toBe(200);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      found[`${id}/${kind}`] = sha256(res.rawPayload);
    }
  return found;
}

/** The rows that say what the data is (the jobs' own records and the counters of the calls differ by design). */
const dataRows = async (app: FastifyInstance) => {
  const { job_runs: _runs, job_leases: _leases, rate_limits: _limits, ...rows } = await tableRows(app);
  return rows;
};

describe(`the restore drill (${onPostgres() ? 'PostgreSQL' : 'SQLite'})`, () => {
  it(
    'backs up a running server into one sealed file and restores it on an empty machine that serves every form and PDF',
    { timeout: 300_000 },
    async () => {
      t = await buildTestApp();
      const call = injectCall(t.app);
      const ids: number[] = [];
      for (const [i, band] of BANDS.entries())
        ids.push((await completeFlow(call, t.pharmacy.id, identityFor(i, band, TEST_NOW), band)).patient.userId);
      await t.app.formPdfs.idle();
      // A questionnaire still in progress is part of the backup too.
      await registerPatient(call, t.pharmacy.id, { ...identityFor(9, '60to65', TEST_NOW), nom: 'Encours' }, '60to65');
      const served = await downloads(t.app, t.pharmacy.id, t.pharmacy.email, ids);
      const before = await dataRows(t.app);

      // pnpm backup, the server running: one file in BACKUP_DIR, sealed, nothing beside it.
      const backups = tempDir();
      const r = runCommand('backup', [], envOf(t.config, { BACKUP_DIR: backups }), 120_000);
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/^Sauvegarde chiffrée écrite : .*bilan-\d{8}-\d{6}\.sauvegarde \(.*, 8 PDF, /m);
      const files = readdirSync(backups);
      expect(files).toHaveLength(1);
      const backup = join(backups, files[0] as string);
      const bytes = readFileSync(backup);
      // Sealed: neither the database, a PDF nor a name shows through.
      for (const plain of ['SQLite format', 'PGDMP', '%PDF', 'Encours', 'pharmacie-test'])
        expect(bytes.includes(Buffer.from(plain)), plain).toBe(false);
      // The metrics' record of the last backup.
      expect(await t.app.jobRuns.lastMs('backup')).toBeGreaterThan(0);

      // An empty machine: a new data folder, a new database.
      const machine = tempDir();
      const url = onPostgres() ? await (await import('../../test/postgresDatabase')).freshPostgresDatabase() : null;
      const config = testConfig(machine, url ? { databaseUrl: url } : {});
      const wrongKey = runCommand(
        'restore',
        [backup],
        envOf(config, { BACKUP_KEY: 'une-autre-cle-tout-aussi-longue-0123456789' }),
      );
      expect(wrongKey.status).toBe(1);
      expect(wrongKey.stderr).toContain('BACKUP_KEY n’est pas la clé de cette sauvegarde');

      const restored = runCommand('restore', [backup], envOf(config), 120_000);
      expect(restored.status, restored.stderr).toBe(0);
      expect(restored.stdout).toMatch(/^Restauration faite et vérifiée : \d+ lignes dans 22 tables, 8 PDF/);

      const app = await buildApp({ config, clock: () => TEST_NOW });
      apps.push(app);
      expect(await dataRows(app)).toEqual(before);
      expect(await downloads(app, t.pharmacy.id, t.pharmacy.email, ids)).toEqual(served);

      if (!onPostgres()) {
        // A server still on the base: never replaced, even with --force.
        const busy = runCommand('restore', [backup, '--force'], envOf(config));
        expect(busy.status).toBe(2);
        expect(busy.stderr).toContain('Un serveur utilise encore');
      }
      await app.close();
      apps.pop();

      // Live data: refused without --force; with it, replaced and the old set aside.
      const refused = runCommand('restore', [backup], envOf(config));
      expect(refused.status).toBe(2);
      expect(refused.stderr).toContain('Des données sont déjà en place');
      const forced = runCommand('restore', [backup, '--force'], envOf(config), 120_000);
      expect(forced.status, forced.stderr).toBe(0);
      expect(forced.stdout).toContain('Mis de côté : ');
      const again = await buildApp({ config, clock: () => TEST_NOW });
      apps.push(again);
      expect(await dataRows(again)).toEqual(before);
    },
  );

  it('refuses a damaged backup before touching anything', { timeout: 60_000 }, () => {
    const dir = tempDir();
    const file = join(dir, 'abimee.sauvegarde');
    writeFileSync(file, Buffer.concat([Buffer.from('BILANSV1'), Buffer.alloc(200, 7)]));
    const config = testConfig(tempDir());
    const r = runCommand('restore', [file], envOf(config));
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('BACKUP_KEY n’est pas la clé de cette sauvegarde, ou le fichier est altéré');
  });
});

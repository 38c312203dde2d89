// An upgrade that cannot mix versions: a server started from release A keeps rendering its PDFs
// with A's files while release B is built and made current (B's worker file broken on purpose:
// a server that read it would fail); the next start runs B and says so; the rollback returns to A.
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdirSync, readFileSync, readlinkSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/config';
import { completeFlow, httpCall, identityFor } from './patientFlow';
import { demoPharmacyId, serverEnv, startServerProcess, type ServerProcess } from './serverProcess';
import { readStoredPdfs } from '../readers';
import { temporaryFolders } from '../temporaryFolders';

const folders = temporaryFolders('bilan-upgrade-');
let server: ServerProcess | undefined;
afterAll(async () => {
  await server?.kill('SIGKILL');
  folders.removeAll();
});

describe('an upgrade while the server runs', () => {
  it(
    'leaves the running server on its own release, switches the next start, and rolls back',
    { timeout: 300_000 },
    async () => {
      // A checkout of its own: scripts/run.mjs and scripts/release.mjs beside its releases/.
      const checkout = folders.make();
      mkdirSync(join(checkout, 'scripts'));
      for (const script of ['run.mjs', 'release.mjs'])
        cpSync(join(repoRoot, 'scripts', script), join(checkout, 'scripts', script));
      const build = () => {
        const r = spawnSync(
          process.execPath,
          [join(repoRoot, 'scripts', 'build.mjs'), '--api-only', '--releases', join(checkout, 'releases')],
          {
            cwd: repoRoot,
            encoding: 'utf8',
          },
        );
        expect(r.status, r.stderr).toBe(0);
        return readlinkSync(join(checkout, 'releases', 'current'));
      };
      const a = build();
      const data = join(checkout, 'data');
      mkdirSync(data, { mode: 0o700 });
      const env = serverEnv(data, { NODE_ENV: 'production', SEED_DEMO: '1', TRUST_PROXY: '127.0.0.1' });
      // What `pnpm start` runs: `node scripts/run.mjs server`, in the checkout.
      const start = () =>
        startServerProcess(env, 60_000, {
          built: join(checkout, 'scripts', 'run.mjs'),
          cwd: checkout,
          args: ['server'],
        });
      server = await start();
      expect(server.output()).toContain(`"version":"${a}"`);

      // The first admin, as docs/operations.md says: `pnpm admin:create --env-file <the service's
      // file> --email …` (the guide's own file, MAIL_FROM with its spaces; DATA_DIR set here wins).
      const guide = readFileSync(join(repoRoot, 'docs', 'operations.md'), 'utf8');
      const envFile = join(checkout, 'env');
      writeFileSync(envFile, /```ini\n([\s\S]*?)```/.exec(guide)?.[1] ?? '');
      expect(readFileSync(envFile, 'utf8')).toMatch(/^MAIL_FROM=Bilan Prévention <no-reply@bilan\.example\.fr>$/m);
      const admin = spawnSync(
        process.execPath,
        [
          join(checkout, 'scripts', 'run.mjs'),
          'admin-create',
          '--env-file',
          envFile,
          '--email',
          'direction@example.fr',
        ],
        { cwd: checkout, env: { PATH: process.env.PATH, ...env }, encoding: 'utf8' },
      );
      expect(admin.status, admin.stderr).toBe(0);
      expect(admin.stdout).toMatch(
        /^Compte administrateur créé : direction@example\.fr\n.*\nhttps:\/\/bilan\.example\.fr\//,
      );

      // Release B built and made current while A runs; its PDF worker file broken on purpose.
      await new Promise((r) => setTimeout(r, 1100));
      const b = build();
      expect(b).not.toBe(a);
      appendFileSync(
        join(checkout, 'releases', b, 'api', 'dist', 'renderWorker.mjs'),
        '\nthrow new Error("release B");\n',
      );
      expect(realpathSync(join(checkout, 'releases', 'current'))).toBe(join(checkout, 'releases', b));

      // A renders a new form's PDFs in new worker threads: from A's files.
      const pharmacyId = await demoPharmacyId(server.url);
      const { patient } = await completeFlow(
        httpCall(server.url, '10.9.0.1'),
        pharmacyId,
        identityFor(3, '45to50', new Date()),
        '45to50',
      );
      const docs = () => readStoredPdfs(env.DATABASE_FILE as string, join(data, 'pdfs'), patient.userId);
      for (let waited = 0; (await docs()).length < 2 && waited < 60_000; waited += 200)
        await new Promise((r) => setTimeout(r, 200));
      expect((await docs()).map((d) => d.kind)).toEqual(['bilan', 'questionnaire']);
      expect(server.output()).not.toContain('release B');
      expect(await server.kill('SIGTERM')).toBe(0);

      // The next start runs B, and says which release and that nothing was left to migrate.
      server = await start();
      expect(server.output()).toContain(`"version":"${b}"`);
      expect(server.output()).toContain('"migrationsApplied":[]');
      expect(await server.kill('SIGTERM')).toBe(0);
      server = undefined;

      // The rollback: current is A again.
      const back = spawnSync(process.execPath, [join(checkout, 'scripts', 'release.mjs'), 'rollback'], {
        encoding: 'utf8',
      });
      expect(back.status, back.stderr).toBe(0);
      expect(back.stdout).toContain(`${b} → ${a}`);
      expect(readlinkSync(join(checkout, 'releases', 'current'))).toBe(a);
      expect(JSON.parse(readFileSync(join(checkout, 'releases', 'current', 'release.json'), 'utf8')).id).toBe(a);
    },
  );
});

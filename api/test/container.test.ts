// The image's files without Docker: a release built as the Dockerfile's build stage builds it,
// assembled exactly as its runtime stage's COPY lines place it, started with its ENV and CMD on
// a private PostgreSQL server; its health check passes; db:move-to-postgres runs from it too.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, realpathSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config';
import { dockerfileOf } from './dockerfile';
import { freshPostgresDatabase } from './postgresDatabase';
import { serverEnv, startServerProcess, type ServerProcess } from './reliability/serverProcess';
import { temporaryFolders } from './temporaryFolders';

const folders = temporaryFolders('bilan-image-');
let server: ServerProcess | undefined;
afterAll(async () => {
  await server?.kill('SIGTERM');
  folders.removeAll();
});

/** A port free now, for a server that must be told its port (the health check reads PORT). */
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

describe('the container image on PostgreSQL', () => {
  it(
    'holds all the server and db:move-to-postgres read: started from its files alone, it migrates, answers ready and passes its health check',
    { timeout: 300_000 },
    async () => {
      const docker = dockerfileOf(readFileSync(join(repoRoot, 'Dockerfile'), 'utf8'));
      // The build stage: pnpm build, then the current release moved to /release.
      const run = docker.build
        .filter((i) => i.keyword === 'RUN')
        .map((i) => i.args)
        .join(' && ');
      expect(run).toContain('pnpm build');
      expect(run).toContain('mv "$(readlink -f releases/current)" /release');
      const tmp = folders.make();
      const built = spawnSync(
        process.execPath,
        [join(repoRoot, 'scripts', 'build.mjs'), '--api-only', '--releases', join(tmp, 'releases')],
        {
          cwd: repoRoot,
          encoding: 'utf8',
        },
      );
      expect(built.status, built.stderr).toBe(0);
      const buildStage: Record<string, string> = { '/release': realpathSync(join(tmp, 'releases', 'current')) };

      // The runtime stage's files, and nothing else.
      const image = join(tmp, 'image');
      expect(docker.copies.length).toBeGreaterThan(0);
      for (const { from, to } of docker.copies) {
        const source = buildStage[from];
        expect(source, `COPY --from=build ${from}: a path the build stage makes`).toBeDefined();
        cpSync(source as string, join(image, to), { recursive: true, verbatimSymlinks: true });
      }
      const workdir = join(image, docker.runtime.find((i) => i.keyword === 'WORKDIR')?.args ?? '/');
      const volume = join(tmp, 'data');
      mkdirSync(volume, { mode: 0o700 });
      const port = await freePort();
      const env = {
        ...serverEnv(volume, docker.env),
        DATA_DIR: volume,
        DATABASE_FILE: '',
        WEB_DIST: '',
        BACKUP_DIR: join(tmp, 'backups'),
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: await freshPostgresDatabase(),
      };
      const [program, entry] = docker.cmd;
      expect(program).toBe('node');
      server = await startServerProcess(env, 60_000, { built: join(workdir, entry as string), cwd: workdir });
      expect(server.output()).toMatch(/"database":"postgres","migrationsApplied":\["0000_init",/);
      expect(server.output()).toContain(
        `"version":"${JSON.parse(readFileSync(join(workdir, 'release.json'), 'utf8')).id}"`,
      );
      expect(await (await fetch(`${server.url}/api/ready`)).json()).toEqual({ status: 'ready' });

      // The HEALTHCHECK's own command, as Docker runs it in the container.
      const [check, ...checkArgs] = docker.healthcheck;
      const health = spawnSync(check === 'node' ? process.execPath : (check as string), checkArgs, {
        cwd: workdir,
        env: { ...process.env, PORT: String(port) },
        encoding: 'utf8',
        timeout: 20_000,
      });
      expect(health.status, health.stderr).toBe(0);
      await server.kill('SIGTERM');
      server = undefined;

      // db:move-to-postgres from the image: the first release's SQLite file into an empty database.
      const move = spawnSync(process.execPath, [join(workdir, 'api', 'dist', 'move-to-postgres.mjs')], {
        cwd: workdir,
        env: {
          PATH: process.env.PATH,
          DATA_DIR: volume,
          DATABASE_FILE: join(volume, 'ancienne.sqlite'),
          DATABASE_URL: await freshPostgresDatabase(),
        },
        encoding: 'utf8',
        timeout: 120_000,
        input: '',
      });
      expect(move.status, move.stderr).toBe(1);
      expect(move.stderr).toContain('Base de données introuvable');
      cpSync(join(repoRoot, 'api', 'test', 'fixtures', 'first-release.sqlite'), join(volume, 'ancienne.sqlite'));
      const moved = spawnSync(process.execPath, [join(workdir, 'api', 'dist', 'move-to-postgres.mjs')], {
        cwd: workdir,
        env: {
          PATH: process.env.PATH,
          DATA_DIR: volume,
          DATABASE_FILE: join(volume, 'ancienne.sqlite'),
          DATABASE_URL: await freshPostgresDatabase(),
        },
        encoding: 'utf8',
        timeout: 120_000,
      });
      expect(moved.status, moved.stderr).toBe(0);
      expect(moved.stdout).toMatch(/^Base déplacée vers PostgreSQL : \d+ lignes de 22 tables/);
    },
  );
});

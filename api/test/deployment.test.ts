import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config';
import { SECRETS } from '../src/secrets';
import { dockerfileOf } from './dockerfile';

// The deployment files of docs/operations.md: the systemd unit as systemd reads it, the
// Dockerfile's promises and compose.yaml's layout (no Docker daemon is needed to check them;
// container.test.ts starts what the image holds).

describe('the systemd unit', () => {
  it('passes systemd-analyze verify, keeps its sandbox and stops retrying a start that keeps failing', () => {
    const unit = join(repoRoot, 'deploy', 'bilan-prevention.service');
    const r = spawnSync('systemd-analyze', ['verify', unit], { encoding: 'utf8' });
    expect(r.error, 'systemd-analyze is installed (Debian package systemd)').toBeUndefined();
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr.trim()).toBe('');
    const text = readFileSync(unit, 'utf8');
    for (const line of [
      'User=bilan',
      'NoNewPrivileges=yes',
      'ProtectSystem=strict',
      'ProtectHome=yes',
      'PrivateTmp=yes',
      'CapabilityBoundingSet=',
      'KillSignal=SIGTERM',
      'ExecStart=/usr/bin/node scripts/run.mjs server',
      'Restart=on-failure',
      'StartLimitIntervalSec=600',
      'StartLimitBurst=5',
      'RestartPreventExitStatus=78',
    ]) {
      expect(text.split('\n'), line).toContain(line);
    }
  });
});

describe('the Dockerfile', () => {
  const docker = dockerfileOf(readFileSync(join(repoRoot, 'Dockerfile'), 'utf8'));

  it('builds on node 22 slim pinned by digest, with the pnpm of engines.pnpm, and runs the release as a non-root user', () => {
    const froms = docker.instructions.filter((i) => i.keyword === 'FROM').map((i) => i.args);
    expect(froms).toHaveLength(2);
    for (const from of froms) expect(from).toMatch(/^node:22-slim@sha256:[0-9a-f]{64}( AS build)?$/);
    const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { engines: { pnpm: string } };
    expect(manifest.engines.pnpm).toMatch(/^\d+\.\d+\.\d+$/);
    expect(docker.build.find((i) => i.keyword === 'RUN')?.args).toContain("require('./package.json').engines.pnpm");
    expect(readFileSync(join(repoRoot, '.ci', 'run'), 'utf8')).toContain("require('./package.json').engines.pnpm");
    expect(docker.runtime.map((i) => `${i.keyword} ${i.args}`)).toContain('USER bilan');
    expect(docker.env.DATA_DIR).toBe('/data');
    expect(docker.env.NODE_ENV).toBe('production');
    expect(docker.cmd).toEqual(['node', 'api/dist/server.mjs']);
  });

  it('checks readiness on the port the container is given', () => {
    expect(docker.healthcheck.join(' ')).toContain("process.env.PORT || 3000) + '/api/ready'");
  });
});

describe('compose.yaml', () => {
  const compose = readFileSync(join(repoRoot, 'compose.yaml'), 'utf8');
  const caddy = readFileSync(join(repoRoot, 'deploy', 'Caddyfile'), 'utf8');

  it('runs two servers of the image on one PostgreSQL database behind Caddy, which balances on /api/ready', () => {
    for (const service of ['db:', 'app1:', 'app2:', 'proxy:']) expect(compose).toContain(`\n  ${service}\n`);
    expect(compose).toContain('DATABASE_URL: postgres://bilan:');
    expect(compose.match(/<<: \*app/g)).toHaveLength(2);
    expect(caddy).toMatch(/reverse_proxy app1:3000 app2:3000 \{[^}]*health_uri \/api\/ready/);
  });

  it('asks for every secret in the file both servers read: a key left to each server would be its own', () => {
    const env = readFileSync(join(repoRoot, 'deploy', 'compose.env.example'), 'utf8').split('\n');
    expect(compose).toContain('env_file: [deploy/compose.env]');
    for (const secret of SECRETS) expect(env, secret.env).toContain(`${secret.env}=`);
  });
});

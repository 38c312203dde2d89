import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config';

// The deployment files of docs/operations.md: the systemd unit as systemd reads it, and the
// Dockerfile's promises (no Docker daemon is needed to check them; building the image is not).

describe('the systemd unit', () => {
  it('passes systemd-analyze verify and keeps its sandbox', () => {
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
    ]) {
      expect(text.split('\n'), line).toContain(line);
    }
  });
});

describe('the Dockerfile', () => {
  const dockerfile = readFileSync(join(repoRoot, 'Dockerfile'), 'utf8');
  const instructions = dockerfile.split('\n').filter((l) => /^[A-Z]+\s/.test(l));

  it('builds in one stage and runs the build as a non-root user from node 22 slim, data in a volume, with a health check', () => {
    expect(instructions.filter((l) => l.startsWith('FROM '))).toEqual([
      'FROM node:22-slim AS build',
      'FROM node:22-slim',
    ]);
    const runtime = instructions.slice(instructions.indexOf('FROM node:22-slim'));
    expect(runtime).toContain('USER bilan');
    expect(runtime).toContain('VOLUME ["/data"]');
    expect(runtime.find((l) => l.startsWith('ENV '))).toMatch(/NODE_ENV=production .*DATA_DIR=\/data/);
    expect(dockerfile).toMatch(/HEALTHCHECK [^\n]*\\\n\s+CMD \[[^\n]*\/api\/health/);
    expect(runtime.at(-1)).toBe('CMD ["node", "scripts/run.mjs", "server"]');
  });

  it('copies only what the production process reads, each from a path the build stage has', () => {
    const built = new Set(['/app/api/dist', '/app/web/dist', '/app/node_modules', '/app/api/node_modules']);
    const sources = instructions
      .filter((l) => l.startsWith('COPY --from=build '))
      .flatMap((l) => l.split(/\s+/).slice(2, -1));
    expect(sources.length).toBeGreaterThan(5);
    for (const source of sources) {
      if (built.has(source)) continue;
      expect(existsSync(join(repoRoot, source.replace(/^\/app\//, ''))), source).toBe(true);
    }
  });
});

import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from '../src/config';

/**
 * An operator's command (`api/scripts/<script>.ts`, through tsx as `pnpm` runs it) with `env` over
 * this process's environment, to its end: its exit status and what it printed.
 */
export function runCommand(script: string, args: string[], env: Record<string, string>, timeoutMs = 60_000) {
  return spawnSync(process.execPath, ['--import', 'tsx', join(repoRoot, 'api', 'scripts', `${script}.ts`), ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: timeoutMs,
  });
}

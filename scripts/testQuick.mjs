// pnpm test:quick: the checks worth running before each commit, in a few minutes on two cores.
// ESLint and Prettier on the files changed since the branch left main (committed or not, new
// files included; every file when git cannot tell), the typecheck, and the unit vitest projects:
// engine, lint, api on SQLite and web, without the suites vitest.config.ts names as slow
// (PostgreSQL, reliability, deployment, the save race, the editor's walkthrough). No browser, no PostgreSQL server. `pnpm test` stays the full check.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const started = Date.now();
const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;

/** Runs a command with its output kept, printed whole when it ends (the runs overlap). */
function run(name, cmd, args, env = process.env) {
  const at = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    child.on('close', (status) => {
      console.log(`\n▶ ${name} (${seconds(at)})${status === 0 ? '' : ' ✖ failed'}\n${out}`);
      resolve(status ?? 1);
    });
  });
}

function git(args) {
  const r = spawnSync('git', args, { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.split('\n').filter(Boolean) : null;
}

/**
 * The files changed since the merge-base with main (or since HEAD on main itself), with the
 * working tree's changes and new files; null when git cannot say, and then everything is checked.
 */
function changedFiles() {
  const base = git(['merge-base', 'HEAD', 'main'])?.[0] ?? 'HEAD';
  const changed = git(['diff', '--name-only', '--diff-filter=d', base]);
  const added = git(['ls-files', '--others', '--exclude-standard']);
  if (changed === null || added === null) return null;
  return [...new Set([...changed, ...added])].filter((file) => existsSync(file));
}

/** ESLint and Prettier on the changed files, then the typecheck: the number that failed. */
async function staticChecks() {
  const changed = changedFiles();
  const lintable = changed?.filter((f) => /\.(?:[cm]?js|tsx?)$/.test(f));
  const steps = [];
  if (lintable === undefined) steps.push(['lint (all files)', 'pnpm', ['exec', 'eslint', '.']]);
  else if (lintable.length > 0)
    steps.push([`lint (${lintable.length} changed)`, 'pnpm', ['exec', 'eslint', '--no-warn-ignored', ...lintable]]);
  if (changed === null)
    steps.push(['format (all files)', 'pnpm', ['exec', 'prettier', '--check', '--log-level', 'warn', '.']]);
  else if (changed.length > 0)
    steps.push([
      `format (${changed.length} changed)`,
      'pnpm',
      ['exec', 'prettier', '--check', '--log-level', 'warn', '--ignore-unknown', ...changed],
    ]);
  // Incremental: after the first run, only what changed is checked again (its state stays in
  // node_modules/.cache, never committed).
  steps.push([
    'typecheck',
    'pnpm',
    [
      'exec',
      'tsc',
      '-p',
      'tsconfig.json',
      '--incremental',
      '--tsBuildInfoFile',
      'node_modules/.cache/bilan/tsc.tsbuildinfo',
    ],
  ]);
  let failed = 0;
  for (const [name, cmd, args] of steps) if ((await run(name, cmd, args)) !== 0) failed += 1;
  return failed;
}

// The generated package the checks and tests read (quick when the definitions did not change).
if ((await run('codegen', 'node', ['scripts/codegen.mjs'])) !== 0) process.exit(1);

// As pnpm test: far from Paris and without a French locale (scripts/test.mjs says why).
const env = { ...process.env, TZ: 'Pacific/Kiritimati', LANG: 'C', LC_ALL: 'C', BILAN_TEST_QUICK: '1' };
const projects = ['engine', 'lint', 'api', 'web', 'web-isolated'].flatMap((p) => ['--project', p]);
const [staticFailed, testStatus] = await Promise.all([
  staticChecks(),
  run('vitest (unit projects)', 'pnpm', ['exec', 'vitest', 'run', ...projects, '--maxWorkers=2'], env),
]);
const failed = staticFailed + (testStatus === 0 ? 0 : 1);
console.log(`test:quick: ${failed === 0 ? 'all passed' : `${failed} step(s) failed`} in ${seconds(started)}`);
process.exit(failed === 0 ? 0 : 1);

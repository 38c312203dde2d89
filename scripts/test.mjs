// The README's test command: static checks first (lint, types, generated code, definitions, knip),
// then every vitest project once, ending with the plain "N passed, N failed" line CI reads.
// Arguments are passed to vitest (e.g. `pnpm test engine`); --no-static skips the static checks.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';

const args = process.argv.slice(2);
const skipStatic = args.includes('--no-static');
const vitestArgs = args.filter((a) => a !== '--no-static');

function step(name, cmd, cmdArgs) {
  console.log(`\n▶ ${name}`);
  const r = spawnSync(cmd, cmdArgs, { stdio: 'inherit' });
  if (r.status !== 0) {
    console.log(`✖ ${name} failed`);
    console.log('tests: 0 passed, 1 failed');
    process.exit(1);
  }
}

if (!skipStatic) {
  step('lint', 'pnpm', ['exec', 'eslint', '.']);
  step('typecheck', 'pnpm', ['exec', 'tsc', '-p', 'tsconfig.json']);
  step('codegen --check', 'pnpm', ['exec', 'tsx', 'codegen/src/main.ts', '--check']);
  step('definitions:check', 'pnpm', ['exec', 'tsx', 'codegen/src/definitionsCheckCli.ts']);
  step('engines', 'node', ['scripts/checkEngines.mjs']);
  // Unused files and dependencies, and dependencies used but not declared (knip.jsonc).
  step('knip', 'pnpm', ['exec', 'knip', '--no-progress', '--include', 'files,dependencies,unlisted,binaries,unresolved']);
}

mkdirSync('test-results', { recursive: true });
// Run far from Paris and without a French locale, so that a test that leans on the machine's
// zone or language fails here rather than somewhere else: the product's dates are Paris dates
// (D19) and its words are French whatever the device.
const env = { ...process.env, TZ: 'Pacific/Kiritimati', LANG: 'C', LC_ALL: 'C' };

/** One vitest process; its output is kept and printed whole when it ends (runs may overlap). */
function vitest(name, args) {
  const report = `test-results/vitest-${name}.json`;
  rmSync(report, { force: true });
  return new Promise((resolve) => {
    const child = spawn('pnpm', ['exec', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    child.on('close', (status) => {
      console.log(`\n▶ vitest ${name}\n${out}`);
      let passed = 0;
      let failed = 0;
      try {
        const json = JSON.parse(readFileSync(report, 'utf8'));
        passed = json.numPassedTests;
        failed = json.numFailedTests + (json.numRuntimeErrorTestSuites ?? 0);
      } catch {
        failed = 1;
      }
      resolve({ passed, failed: status !== 0 && failed === 0 ? 1 : failed });
    });
  });
}

// Vitest runs its projects one after the other; the end-to-end files wait on Chromium most of
// the time, so they run in a process of their own beside the others, two workers each.
const runs =
  vitestArgs.length > 0
    ? [vitest('all', vitestArgs)]
    : [vitest('e2e', ['--project', 'e2e', '--maxWorkers=2']), vitest('units', ['--project', 'engine', '--project', 'lint', '--project', 'api', '--project', 'web', '--project', 'web-isolated', '--maxWorkers=2'])];
const results = await Promise.all(runs);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);

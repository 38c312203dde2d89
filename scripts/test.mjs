// The README's test command: static checks first (lint, types, generated code, definitions, knip),
// then every vitest project once, ending with the plain "N passed, N failed" line CI reads.
// Arguments are passed to vitest (e.g. `pnpm test engine`); --no-static skips the static checks.
import { spawnSync } from 'node:child_process';
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
const report = 'test-results/vitest.json';
rmSync(report, { force: true });
// Run far from Paris and without a French locale, so that a test that leans on the machine's
// zone or language fails here rather than somewhere else: the product's dates are Paris dates
// (D19) and its words are French whatever the device.
const env = { ...process.env, TZ: 'Pacific/Kiritimati', LANG: 'C', LC_ALL: 'C' };
const run = spawnSync('pnpm', ['exec', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...vitestArgs], { stdio: 'inherit', env });
let passed = 0;
let failed = 0;
try {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  passed = json.numPassedTests;
  failed = json.numFailedTests + (json.numRuntimeErrorTestSuites ?? 0);
} catch {
  failed = 1;
}
if (run.status !== 0 && failed === 0) failed = 1;
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(run.status === 0 && failed === 0 ? 0 : 1);

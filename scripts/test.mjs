// The README's test command: the static checks (lint, types, generated code, definitions,
// engines, knip) and every vitest project once, side by side, ending with the plain
// "N passed, N failed" line CI reads.
// Arguments are passed to vitest (e.g. `pnpm test engine`); --no-static skips the static checks.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { relative } from 'node:path';

const args = process.argv.slice(2);
const skipStatic = args.includes('--no-static');
const vitestArgs = args.filter((a) => a !== '--no-static');

/** Runs a command with its output kept, printed whole when it ends (the runs overlap). */
function run(name, cmd, cmdArgs, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(cmd, cmdArgs, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    child.on('close', (status) => {
      console.log(`\n▶ ${name}${status === 0 ? '' : ' ✖ failed'}\n${out}`);
      resolve(status ?? 1);
    });
  });
}

/** The static checks, one after the other (each is quick), beside the tests: the names of those failed. */
async function staticChecks() {
  const steps = [
    ['lint', 'pnpm', ['exec', 'eslint', '.']],
    // One layout for the whole tree (.prettierrc.json); `pnpm format` rewrites it.
    ['format', 'pnpm', ['exec', 'prettier', '--check', '--log-level', 'warn', '.']],
    ['typecheck', 'pnpm', ['exec', 'tsc', '-p', 'tsconfig.json']],
    ['codegen --check', 'pnpm', ['exec', 'tsx', 'codegen/src/main.ts', '--check']],
    ['definitions:check', 'pnpm', ['exec', 'tsx', 'codegen/src/definitionsCheckCli.ts']],
    // The API document: up to date with the routes, with the web's types, and 0 errors from
    // Redocly (recommended) and Spectral (OWASP API Security Top 10).
    ['openapi --check', 'pnpm', ['exec', 'tsx', 'api/scripts/openApi.ts', '--check']],
    ['engines', 'node', ['scripts/checkEngines.mjs']],
    // The README's performance table is bench/results.json's (pnpm bench:table writes it).
    ['bench table', 'pnpm', ['exec', 'tsx', 'scripts/benchTable.ts', '--check']],
    // Unused files, dependencies, exports and types, and dependencies used but not declared
    // (knip.jsonc): an export nobody imports is dropped or made the file's own.
    [
      'knip',
      'pnpm',
      [
        'exec',
        'knip',
        '--no-progress',
        '--include',
        'files,dependencies,unlisted,binaries,unresolved,exports,types,nsExports,nsTypes,enumMembers,duplicates',
      ],
    ],
  ];
  const failed = [];
  for (const [name, cmd, cmdArgs] of steps) if ((await run(name, cmd, cmdArgs)) !== 0) failed.push(name);
  return failed;
}

mkdirSync('test-results', { recursive: true });
// The generated package from the definitions as they are now (it is not committed): every check
// and test below reads it. `codegen --check` then regenerates it in its own process and compares:
// the generation is deterministic, or the tests fail.
if ((await run('codegen', 'node', ['scripts/codegen.mjs'])) !== 0) {
  console.log('tests: 0 passed, 1 failed');
  process.exit(1);
}
// Run far from Paris and without a French locale, so that a test that leans on the machine's
// zone or language fails here rather than somewhere else: the product's dates are Paris dates
// (D19) and its words are French whatever the device.
const env = { ...process.env, TZ: 'Pacific/Kiritimati', LANG: 'C', LC_ALL: 'C' };

/** The first line of a failure's message, for the summary. */
const firstLine = (message) =>
  (message ?? '')
    .split('\n')
    .find((line) => line.trim() !== '')
    ?.trim()
    .slice(0, 300) ?? '';

/** One vitest process, with its JSON report: its passed and failed counts. */
async function vitest(name, args) {
  const report = `test-results/vitest-${name}.json`;
  rmSync(report, { force: true });
  const status = await run(
    `vitest ${name}`,
    'pnpm',
    ['exec', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args],
    env,
  );
  let passed = 0;
  let failed = 0;
  /** What failed, by file and name: the whole output of a run is long and a CI log shows its end. */
  let failures = [];
  try {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    passed = json.numPassedTests;
    failed = json.numFailedTests + (json.numRuntimeErrorTestSuites ?? 0);
    failures = json.testResults.flatMap((file) => {
      const where = relative(process.cwd(), file.name);
      const tests = file.assertionResults
        .filter((test) => test.status === 'failed')
        .map((test) => `${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
      return tests.length === 0 && file.status === 'failed' ? [`${where}: ${firstLine(file.message)}`] : tests;
    });
  } catch {
    failed = 1;
  }
  return { name, passed, failed: status !== 0 && failed === 0 ? 1 : failed, failures };
}

// Vitest runs its projects one after the other; the end-to-end files wait on Chromium most of
// the time, so they run in a process of their own beside the others, two workers each.
const runs =
  vitestArgs.length > 0
    ? [vitest('all', vitestArgs)]
    : [
        vitest('e2e', ['--project', 'e2e', '--maxWorkers=2']),
        vitest('units', [
          '--project',
          'engine',
          '--project',
          'lint',
          '--project',
          'api',
          '--project',
          'api-postgres',
          '--project',
          'web',
          '--project',
          'web-isolated',
          '--maxWorkers=2',
        ]),
      ];
const [staticFailed, ...results] = await Promise.all([skipStatic ? [] : staticChecks(), ...runs]);
const passed = results.reduce((n, r) => n + r.passed, 0);
// A failed static check counts as one failed test, so the last line never says all is well.
const failed = staticFailed.length + results.reduce((n, r) => n + r.failed, 0);
for (const name of staticFailed) console.log(`✖ ${name}`);
for (const r of results) for (const failure of r.failures) console.log(`✖ vitest ${r.name}: ${failure}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);

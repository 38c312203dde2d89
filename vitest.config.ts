import { globSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { POSTGRES_SUITES } from './api/test/postgresSuites.ts';
import { cleanTestEnvironment } from './api/test/testEnvironment.ts';

/**
 * `pnpm test:quick` (scripts/testQuick.mjs) sets BILAN_TEST_QUICK=1: the api project then starts
 * no PostgreSQL server and leaves out the suites that need one (they import
 * test/postgresDatabase), the reliability suites (processes crashed, loaded, upgraded) and the
 * deployment suites (container image, systemd unit); `pnpm test` runs them all.
 */
const QUICK = process.env.BILAN_TEST_QUICK === '1';
const API_SLOW = QUICK
  ? [
      ...globSync('api/**/*.test.ts', { exclude: ['**/node_modules/**'] }).filter((file) =>
        /from '[./]*(?:test\/)?postgresDatabase'/.test(readFileSync(file, 'utf8')),
      ),
      'api/test/reliability/**',
      'api/test/container.test.ts',
      'api/test/deployment.test.ts',
      // Many rounds of saves racing the finishing call: a stress test, not a unit one.
      'api/src/patient/saveRace.test.ts',
    ]
  : [];
/** The editor's walkthrough runs each command as a process of its own: pnpm test runs it. */
const ENGINE_SLOW = QUICK ? ['codegen/src/walkthrough.test.ts'] : [];

// Before any project starts: its workers and the servers the tests start inherit this
// environment, which then holds nothing of the developer's shell that changes behaviour.
cleanTestEnvironment(process.env);

/**
 * Vitest's order (slowest first from its cache, else largest file first), with the end-to-end
 * files in front: they are the longest and mostly wait on Chromium, so they start while the
 * other projects keep the cores busy, also on a clean CI clone that has no cache yet.
 */
class EndToEndFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const e2e = (f: TestSpecification) => f.project.name === 'e2e';
    return [...sorted.filter(e2e), ...sorted.filter((f) => !e2e(f))];
  }
}

/** The web tests that replace modules (vi.mock), found by reading them: they run isolated. */
const WEB_MOCKING = globSync('web/src/**/*.test.{ts,tsx}').filter((file) =>
  readFileSync(file, 'utf8').includes('vi.mock('),
);

// One runner for every layer; each project keeps the environment its code needs.
export default defineConfig({
  test: {
    // Vitest's default (cores - 1) is one worker on a 2-core machine, and the end-to-end files
    // spend most of their time waiting for Chromium, a separate process: one more worker than
    // cores keeps both cores busy.
    maxWorkers: availableParallelism() + 1,
    sequence: { sequencer: EndToEndFirst },
    projects: [
      // Pure functions and data checks: no mocks, no globals, so one module graph serves every file.
      {
        test: {
          name: 'engine',
          include: ['engine/**/*.test.ts', 'codegen/**/*.test.ts', 'fixtures/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...ENGINE_SLOW],
          environment: 'node',
          isolate: false,
        },
      },
      // Two files run ESLint on its whole configuration, several seconds each on a busy machine.
      { test: { name: 'lint', include: ['lint/**/*.test.{js,ts}'], environment: 'node', testTimeout: 30000 } },
      // No mocks of modules here (spies are on app instances): files share the module graph, which
      // saves each file importing Fastify, pdfmake and the definitions again.
      // One private PostgreSQL server for the run (api/test/postgres.ts): the suites that prove the
      // second database create their own database on it.
      {
        test: {
          name: 'api',
          include: ['api/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...API_SLOW],
          environment: 'node',
          isolate: false,
          testTimeout: 30000,
          hookTimeout: 60000,
          globalSetup: QUICK ? [] : ['api/test/postgresGlobalSetup.ts'],
        },
      },
      {
        test: {
          name: 'api-postgres',
          // Named one by one (api/test/postgresSuites.ts), not found by reading the files.
          include: [...POSTGRES_SUITES],
          environment: 'node',
          isolate: false,
          testTimeout: 30000,
          hookTimeout: 60000,
          globalSetup: ['api/test/postgresGlobalSetup.ts'],
          env: { TEST_DATABASE: 'postgres' },
        },
      },
      // jsdom once per worker rather than once per file; the files that replace modules with
      // vi.mock keep their own module graph (web-isolated), so no mock reaches another file.
      {
        extends: './web/vite.config.ts',
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          exclude: WEB_MOCKING,
          isolate: false,
          environment: 'jsdom',
          setupFiles: ['./web/src/test/setup.ts'],
          // rjsf through the build's plugins, as in the browser: its Form gets our registry (rjsfRegistry.ts),
          // its utilities our deepEquals and allOf merge.
          server: { deps: { inline: [/@rjsf\/(core|utils)/] } },
        },
      },
      {
        extends: './web/vite.config.ts',
        test: {
          name: 'web-isolated',
          include: WEB_MOCKING,
          environment: 'jsdom',
          setupFiles: ['./web/src/test/setup.ts'],
          server: { deps: { inline: [/@rjsf\/(core|utils)/] } },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['web/e2e/**/*.e2e.ts', 'preview/**/*.e2e.ts'],
          environment: 'node',
          testTimeout: 180000,
          hookTimeout: 300000,
          // expect.poll gives up after 1 s by default: a page a loaded CI machine draws in 2 s
          // failed a journey that works (the poll's own expectation is what a test checks).
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});

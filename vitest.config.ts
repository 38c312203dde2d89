import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner for every layer; each project keeps the environment its code needs.
export default defineConfig({
  test: {
    // Vitest's default (cores - 1) is one worker on a 2-core machine, and the end-to-end files
    // spend most of their time waiting for Chromium, a separate process: one more worker than
    // cores keeps both cores busy.
    maxWorkers: availableParallelism() + 1,
    projects: [
      { test: { name: 'engine', include: ['engine/**/*.test.ts', 'codegen/**/*.test.ts', 'fixtures/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'lint', include: ['lint/**/*.test.{js,ts}'], environment: 'node' } },
      { test: { name: 'api', include: ['api/**/*.test.ts'], environment: 'node', testTimeout: 30000, hookTimeout: 60000 } },
      { extends: './web/vite.config.ts', test: { name: 'web', include: ['web/src/**/*.test.{ts,tsx}'], environment: 'jsdom', setupFiles: ['./web/src/test/setup.ts'] } },
      { test: { name: 'e2e', include: ['web/e2e/**/*.e2e.ts'], environment: 'node', testTimeout: 180000, hookTimeout: 300000 } },
    ],
  },
});

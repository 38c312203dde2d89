import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { fileURLToPath } from 'node:url';
import { packageBoundaries } from './lint/packageBoundaries.js';
import { apiFeatureBoundaries, apiFeatures } from './lint/apiFeatures.js';

const root = fileURLToPath(new URL('.', import.meta.url));
// Our own rules, tested in lint/: one plugin object, which every block that uses it shares.
const bilan = {
  rules: { 'package-boundaries': packageBoundaries(root), 'api-features': apiFeatureBoundaries(root) },
};
// Each api feature's plugin decorates its repository as `app.<feature>Repository`.
const repositories = apiFeatures(root).map((feature) => `${feature}Repository`);

// What the engine may not import, wherever it runs (see the engine blocks below).
const engineRuntimeRestrictions = {
  paths: ['react', 'react-dom', 'fastify', 'ajv'],
  patterns: [
    { group: ['node:*'], message: 'engine/ runs in the browser too: no node:* imports.' },
    {
      group: ['react/*', 'react-dom/*', 'fastify/*', '@fastify/*'],
      message: 'engine/ knows nothing of React or HTTP.',
    },
    { group: ['fs', 'path', 'crypto', 'os', 'url', 'child_process'], message: 'engine/ runs in the browser too.' },
  ],
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'codegen/generated/**',
      'api/openapi/generated/**',
      'web/dist/**',
      'test-results/**',
      'artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Hooks called out of order or effects with stale dependencies are the web app's likeliest bugs.
    files: ['web/src/**/*.{ts,tsx}', 'preview/ui/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    // react-router's Link carries framework mode's prefetching, about 2 KB gzip of every first
    // load (issue 43): the screens link with routing/Link, made of react-router's own hooks.
    files: ['web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router-dom',
              importNames: ['Link', 'NavLink'],
              message: 'Link from web/src/routing/Link: react-router’s brings its prefetching to every first load.',
            },
          ],
        },
      ],
    },
  },
  {
    // The engine is shared by the browser and the server: it must stay free of UI, HTTP and Node.
    files: ['engine/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', engineRuntimeRestrictions] },
  },

  // ── Package boundaries ─────────────────────────────────────────────────────────────────────
  // Workspace packages meet at their entry points, the `exports` of their package.json:
  // `bilan/package-boundaries` (lint/packageBoundaries.js, tested in lint/) fails on a
  // `@bilan/<package>/<path>` that is not declared or reaches into src/ or generated/, and on a
  // relative import that leaves its package. Other blocks (e.g. the api's) go after this one.
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { bilan },
    rules: { 'bilan/package-boundaries': 'error' },
  },
  {
    // The engine imports nothing of ours; only its tests and test support read the definitions.
    files: ['engine/**/*.ts'],
    ignores: ['engine/**/*.test.ts', 'engine/src/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          ...engineRuntimeRestrictions,
          patterns: [
            ...engineRuntimeRestrictions.patterns,
            { group: ['@bilan/*'], message: 'engine/ imports nothing of ours: the others import it.' },
          ],
        },
      ],
    },
  },
  // ── end of package boundaries ──────────────────────────────────────────────────────────────

  // ---------------------------------------------------------------------------------------------
  // api: the layering of api/README.md. Its own rule names (the typescript-eslint import rule and
  // no-restricted-properties), so that it adds to the blocks above rather than replacing them.
  {
    // Generated code is reached through one module, so that replacing it touches one file.
    files: ['api/**/*.ts'],
    ignores: ['api/src/questionnaire/definitions.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@bilan/generated', '@bilan/generated/*', '@bilan/codegen', '@bilan/codegen/*'],
              message: 'api reaches generated code through api/src/questionnaire/definitions.ts only.',
            },
          ],
        },
      ],
    },
  },
  {
    // Routes never touch the database: they call their feature's service, which calls a repository.
    files: ['api/src/**/*[Rr]outes*.ts'],
    ignores: ['api/src/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@bilan/generated', '@bilan/generated/*', '@bilan/codegen', '@bilan/codegen/*'],
              message: 'api reaches generated code through api/src/questionnaire/definitions.ts only.',
            },
            {
              group: ['drizzle-orm', 'drizzle-orm/*', 'better-sqlite3'],
              message: "Routes never touch the database: call the feature's service.",
            },
            {
              group: ['**/db', '**/db/*', '**/repository'],
              message: "Routes never touch the database: call the feature's service.",
            },
          ],
        },
      ],
      'no-restricted-properties': [
        'error',
        ...['db', 'sqlite', ...repositories].map((property) => ({
          property,
          message: "Routes never touch the database: call the feature's service.",
        })),
      ],
    },
  },
  {
    // Features own their parts: another feature, a plugin or a command uses a feature only through
    // what its index.ts publishes, never its files or its repository (lint/apiFeatures.js).
    files: ['api/src/**/*.ts', 'api/scripts/**/*.ts'],
    ignores: ['api/**/*.test.ts'],
    plugins: { bilan },
    rules: { 'bilan/api-features': 'error' },
  },
);

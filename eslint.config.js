import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'codegen/generated/**', 'web/dist/**', 'test-results/**', 'artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The engine is shared by the browser and the server: it must stay free of UI, HTTP and Node.
    files: ['engine/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: ['react', 'react-dom', 'fastify', 'ajv'],
        patterns: [
          { group: ['node:*'], message: 'engine/ runs in the browser too: no node:* imports.' },
          { group: ['react/*', 'react-dom/*', 'fastify/*', '@fastify/*'], message: 'engine/ knows nothing of React or HTTP.' },
          { group: ['fs', 'path', 'crypto', 'os', 'url', 'child_process'], message: 'engine/ runs in the browser too.' },
        ],
      }],
    },
  },
);

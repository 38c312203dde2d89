import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { deepImportProblem, workspacePackages } from './packageBoundaries.js';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const packages = workspacePackages(root);
const problem = (file, specifier) => deepImportProblem(packages, join(root, file), specifier);

/** What the repository's ESLint configuration says of a source written at `file`. */
async function lint(file, code) {
  const [result] = await new ESLint({ cwd: root }).lintText(code, { filePath: join(root, file) });
  return result.messages.filter((m) => m.ruleId === 'bilan/package-boundaries').map((m) => m.message);
}

describe('bilan/package-boundaries in the ESLint configuration', () => {
  it('fails on a deep import of the generated code and of the engine, from the web', async () => {
    const messages = await lint(
      'web/src/example.ts',
      "import { registry } from '@bilan/codegen/generated/registry.ts';\nimport { bmiOf } from '../../engine/src/bmi';\nexport { registry, bmiOf };\n",
    );
    expect(messages).toEqual([
      expect.stringContaining('"@bilan/codegen/generated/registry.ts" reaches into @bilan/codegen'),
      expect.stringContaining('"../../engine/src/bmi" leaves @bilan/web'),
    ]);
  });

  it('accepts the declared entry points', async () => {
    const code =
      "import { recordPages } from '@bilan/engine';\nimport { definitions } from '@bilan/generated/definitions';\nimport { validators } from '@bilan/generated/validators';\nexport { recordPages, definitions, validators };\n";
    expect(await lint('web/src/example.ts', code)).toEqual([]);
  });

  it('fails on a dynamic import of an undeclared path', async () => {
    expect(
      await lint('web/src/example.ts', "export const load = () => import('@bilan/generated/registry');\n"),
    ).toEqual([expect.stringContaining('"@bilan/generated/registry" is not an entry point of @bilan/generated')]);
  });
});

describe('deepImportProblem', () => {
  it('reads the entry points from each package.json, wildcard patterns included', () => {
    expect(problem('web/src/a.ts', '@bilan/generated/schemas/any-questionnaire.json')).toBeNull();
    expect(problem('web/src/a.ts', '@bilan/engine/testing')).toBeNull();
    expect(problem('web/src/a.ts', '@bilan/engine/src/index.ts')).toContain('reaches into @bilan/engine');
    expect(problem('web/src/a.ts', '@bilan/fixtures/18to25/typical.json')).toContain(
      'is not an entry point of @bilan/fixtures',
    );
  });

  it('lets relative imports move inside a package, even a nested one, and nowhere else', () => {
    expect(problem('web/src/patient/a.ts', '../questionnaire/registry')).toBeNull();
    expect(problem('codegen/src/a.ts', '../generated/definitions')).toContain('leaves @bilan/codegen');
    expect(problem('fixtures/a.test.ts', '../api/src/pdf/render')).toContain('leaves @bilan/fixtures');
  });

  it('leaves third-party packages and files outside the workspace packages alone', () => {
    expect(problem('web/src/a.ts', 'react-dom/client')).toBeNull();
    expect(problem('scripts/bench.ts', '../api/src/server')).toBeNull();
  });
});

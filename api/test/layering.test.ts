// The layering rules of eslint.config.js (its last blocks) run through ESLint's Node API on small
// sources: a routes file that reaches the database, or an api file that reaches generated code
// directly, is refused; a repository and the definitions module are not.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config';

const eslint = new ESLint({ cwd: repoRoot });

/** The messages of the layering rules for `code` as if it were the file at `filePath`. */
async function layeringMessages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports' || m.ruleId === 'no-restricted-properties')
    .map((m) => m.message);
}

const routesRule = /Routes never touch the database/;

describe('the api layering rules', () => {
  it.each([
    ['api/src/patient/routes.ts', "import { eq } from 'drizzle-orm';\nexport const x = eq;\n"],
    ['api/src/accounts/loginRoutes.ts', "import { sql } from 'drizzle-orm/sql';\nexport const x = sql;\n"],
    ['api/src/pharmacy/routes.ts', "import { forms } from '../db/schema';\nexport const x = forms;\n"],
    ['api/src/admin/routes.ts', "import type { Db } from '../db/client';\nexport type X = Db;\n"],
    ['api/src/site/routes.ts', "import { siteRepository } from './repository';\nexport const x = siteRepository;\n"],
    [
      'api/src/demo/routes.ts',
      "import type { FastifyInstance } from 'fastify';\nexport const rows = (app: FastifyInstance) => app.db.select();\n",
    ],
    [
      'api/src/demo/routes.ts',
      "import type { FastifyInstance } from 'fastify';\nexport const ping = (app: FastifyInstance) => app.sqlite.prepare('SELECT 1');\n",
    ],
    [
      'api/src/demo/routes.ts',
      "import type { FastifyInstance } from 'fastify';\nexport const find = (app: FastifyInstance) => app.accountsRepository.findById(1);\n",
    ],
    [
      'api/src/demo/routes.ts',
      "import type { FastifyInstance } from 'fastify';\nexport const rows = (app: FastifyInstance) => app.demoRepository.insert('18to25', {}, '');\n",
    ],
  ])('refuses the database in a routes file: %s with %j', async (file, code) => {
    const messages = await layeringMessages(file, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(routesRule);
  });

  it('lets a repository and a service use the database, and a routes file call its service', async () => {
    expect(
      await layeringMessages(
        'api/src/site/repository.ts',
        "import { sql } from 'drizzle-orm';\nimport type { Db } from '../db/client';\nexport const ping = (db: Db) => db.get(sql`SELECT 1`);\n",
      ),
    ).toEqual([]);
    expect(
      await layeringMessages(
        'api/src/site/service.ts',
        "import type { FastifyInstance } from 'fastify';\nexport const ping = (app: FastifyInstance) => app.siteRepository.ping();\n",
      ),
    ).toEqual([]);
    expect(
      await layeringMessages(
        'api/src/site/routes.ts',
        "import { siteService } from './service';\nexport const x = siteService;\n",
      ),
    ).toEqual([]);
  });

  it('lets only questionnaire/definitions.ts import the generated code', async () => {
    const code = "import { definitions } from '@bilan/codegen/generated/registry.ts';\nexport const x = definitions;\n";
    const generatedRule = /api reaches generated code through api\/src\/questionnaire\/definitions\.ts only/;
    for (const file of ['api/src/pharmacy/exportWorkbook.ts', 'api/src/pharmacy/routes.ts', 'api/test/helpers.ts']) {
      const messages = await layeringMessages(file, code);
      expect(messages, file).toHaveLength(1);
      expect(messages[0], file).toMatch(generatedRule);
    }
    expect(await layeringMessages('api/src/questionnaire/definitions.ts', code)).toEqual([]);
  });

  // Lints every api file: a minute and more on a busy two-core machine, so more than the default.
  it('finds nothing to refuse in the api as it is', { timeout: 180_000 }, async () => {
    const results = await eslint.lintFiles(['api/src/**/*.ts']);
    const layering = results.flatMap((r) =>
      r.messages
        .filter(
          (m) => m.ruleId === '@typescript-eslint/no-restricted-imports' || m.ruleId === 'no-restricted-properties',
        )
        .map((m) => `${r.filePath}: ${m.message}`),
    );
    expect(layering).toEqual([]);
    // The rules did look at the routes files: every feature has one.
    expect(results.filter((r) => /[Rr]outes\.ts$/.test(r.filePath)).length).toBeGreaterThanOrEqual(10);
  });
});

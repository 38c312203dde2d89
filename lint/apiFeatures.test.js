import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { apiFeatures, featureImportProblem, repositoryProblem } from './apiFeatures.js';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const features = apiFeatures(root);
const importProblem = (file, specifier) => featureImportProblem(features, root, join(root, file), specifier);
const propertyProblem = (file, property) => repositoryProblem(features, root, join(root, file), property);

/** What the repository's ESLint configuration says of a source written at `file`. */
async function lint(file, code) {
  const [result] = await new ESLint({ cwd: root }).lintText(code, { filePath: join(root, file) });
  return result.messages.filter((m) => m.ruleId === 'bilan/api-features').map((m) => m.message);
}

describe('bilan/api-features in the ESLint configuration', () => {
  it("refuses another feature's file and another feature's repository", async () => {
    const messages = await lint(
      'api/src/reports/example.ts',
      [
        "import type { FastifyInstance } from 'fastify';",
        "import { loadRecord } from '../patient/record';",
        'export const find = (app: FastifyInstance, id: number) => loadRecord(app.patientRepository, id);',
        'export const { accountsRepository } = {} as FastifyInstance;',
        '',
      ].join('\n'),
    );
    expect(messages).toEqual([
      expect.stringContaining(
        '"../patient/record" is inside the patient feature: import what it publishes from "../patient"',
      ),
      expect.stringContaining("app.patientRepository is the patient feature's own"),
      expect.stringContaining("app.accountsRepository is the accounts feature's own"),
    ]);
  });

  it("accepts a feature's index, its own files and repository, and the shared folders", async () => {
    const code = [
      "import type { FastifyInstance } from 'fastify';",
      "import { pdfInputOf } from '../patient';",
      "import { triageOf } from '../pharmacy/index';",
      "import { parisMonth } from '../shared/parisDate';",
      "import { definitions } from '../questionnaire/definitions';",
      "import { storedDocument } from './repository';",
      'export const use = (app: FastifyInstance) => [pdfInputOf, triageOf, parisMonth, definitions, storedDocument, app.reportsRepository, app.patientService];',
      '',
    ].join('\n');
    expect(await lint('api/src/reports/example.ts', code)).toEqual([]);
  });

  it('holds for the plugins and the commands too, not for the tests', async () => {
    const code = "import { createAdmin } from '../src/accounts/createAdmin';\nexport { createAdmin };\n";
    expect(await lint('api/scripts/example.ts', code)).toEqual([
      expect.stringContaining('import what it publishes from "../src/accounts"'),
    ]);
    const repository =
      "import type { FastifyInstance } from 'fastify';\nexport const m = (app: FastifyInstance) => app.mailRepository;\n";
    expect(await lint('api/src/plugins/example.ts', repository)).toHaveLength(1);
    expect(await lint('api/src/plugins/example.test.ts', repository)).toEqual([]);
    expect(await lint('api/test/example.ts', code)).toEqual([]);
  });
});

describe('the api features', () => {
  it('are the folders of api/src with an index.ts', () => {
    expect(features).toEqual(expect.arrayContaining(['accounts', 'admin', 'mail', 'patient', 'pharmacy', 'reports']));
    for (const shared of ['db', 'plugins', 'questionnaire', 'shared']) expect(features).not.toContain(shared);
  });

  it('reach each other at the index only, wherever the import comes from', () => {
    expect(importProblem('api/src/admin/service.ts', '../accounts')).toBeNull();
    expect(importProblem('api/src/admin/service.ts', '../accounts/index.ts')).toBeNull();
    expect(importProblem('api/src/admin/service.ts', '../accounts/secretToken')).toContain(
      'inside the accounts feature',
    );
    expect(importProblem('api/src/app.ts', './pharmacy/routes')).toContain('from "./pharmacy"');
    expect(importProblem('api/src/db/moveToPostgres.ts', '../pharmacy/backfillTriage.ts')).toContain(
      'import what it publishes from "../pharmacy"',
    );
    expect(importProblem('api/src/accounts/loginService.ts', './staffTokens')).toBeNull();
    expect(importProblem('api/src/accounts/sub/deep.ts', '../../accounts/staffTokens')).toBeNull();
    expect(importProblem('api/src/patient/service.ts', '@bilan/engine')).toBeNull();
  });

  it('keep their repository to themselves', () => {
    expect(propertyProblem('api/src/pharmacy/service.ts', 'pharmacyRepository')).toBeNull();
    expect(propertyProblem('api/src/pharmacy/service.ts', 'reportsRepository')).toContain("the reports feature's own");
    expect(propertyProblem('api/src/app.ts', 'mailRepository')).toContain("the mail feature's own");
    expect(propertyProblem('api/src/pharmacy/service.ts', 'someRepository')).toBeNull();
    expect(propertyProblem('api/src/pharmacy/service.ts', 'pharmacyService')).toBeNull();
  });
});

// The list of suites that also run on PostgreSQL is written by hand (postgresSuites.ts): these
// checks keep it true as suites are added, moved or renamed.
import { existsSync, globSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config';
import { POSTGRES_SUITES } from './postgresSuites';

/** The calls that start the app or its database for a test (api/test/helpers.ts, testing.ts). */
const RUNS_THE_APP = /\b(buildTestApp|eachAppWithPharmacyLogin|buildApp)\(/;

describe('the suites run on PostgreSQL', () => {
  it('names files that exist, once each, none of them SQLite-only', () => {
    for (const file of POSTGRES_SUITES) {
      expect(existsSync(join(repoRoot, file)), file).toBe(true);
      expect(file.endsWith('.sqlite.test.ts'), file).toBe(false);
    }
    expect(new Set(POSTGRES_SUITES).size).toBe(POSTGRES_SUITES.length);
  });

  it('holds every suite that runs the app, unless it is named *.sqlite.test.ts', () => {
    const unlisted = globSync('api/{src,test}/**/*.test.ts', { cwd: repoRoot }).filter(
      (file) =>
        !file.endsWith('.sqlite.test.ts') &&
        !POSTGRES_SUITES.includes(file) &&
        RUNS_THE_APP.test(readFileSync(join(repoRoot, file), 'utf8')),
    );
    expect(unlisted).toEqual([]);
  });
});

// The social security numbers in SQLite's files themselves (the rest is proven on both databases
// in ssnAtRest.test.ts): a copy of the database file and its write-ahead log holds none.
import { existsSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { buildTestApp, registerPatient, TEST_NOW, type TestApp } from '../../test/helpers';
import { sqlRun } from '../../test/sql';

const SSN = '278057512345675';
const LEGACY = '187127512345687';

let t: TestApp;
afterEach(async () => {
  await t.close();
});

describe('a copy of the SQLite database', () => {
  it('reveals no social security number, those stored in clear before this version included', async () => {
    t = await buildTestApp();
    const file = t.config.databaseFile;
    const bytes = () => Buffer.concat([file, `${file}-wal`].filter(existsSync).map((f) => readFileSync(f)));
    await registerPatient(t, { numero_securite_sociale: SSN });
    const legacy = await registerPatient(t);
    // As a version before this one stored it.
    await sqlRun(t.app, 'UPDATE patients SET social_security_number = ? WHERE id = ?', LEGACY, legacy.userId);
    t.app.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    expect(bytes().includes(SSN)).toBe(false);
    expect(bytes().includes(LEGACY)).toBe(true);

    // The next start seals it, and the pages that held it are zeroed (secure_delete) and leave the log.
    const next = await buildApp({ config: t.config, clock: () => TEST_NOW });
    await next.close();
    expect(bytes().includes(LEGACY)).toBe(false);
    expect(bytes().includes(SSN)).toBe(false);
  });
});

// The purge on SQLite's file itself (the rest of the purge is proven on both databases in
// purge.test.ts): secure_delete overwrites what it removes.
import { existsSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { addMonths, buildTestApp, TEST_NOW, type TestApp } from '../../test/helpers';
import { completeFlow, identityFor, injectCall } from '../../test/reliability/patientFlow';
import { purgeExpired } from './purge';

describe('retention purge on SQLite', () => {
  let t: TestApp;
  let now: Date;
  afterEach(async () => {
    await t.close();
  });

  it('leaves no byte of a purged patient in the database file (secure_delete)', async () => {
    now = new Date(TEST_NOW);
    t = await buildTestApp({ clock: () => now });
    const call = injectCall(t.app);
    const ssn = '278057512345675';
    const lastName = 'Zébulonoubliable';
    await completeFlow(
      call,
      t.pharmacy.id,
      { ...identityFor(1, '45to50', now), numero_securite_sociale: ssn, nom: lastName },
      '45to50',
    );
    await t.app.formPdfs.idle();
    const file = t.config.databaseFile;
    const bytes = () => Buffer.concat([file, `${file}-wal`].filter(existsSync).map((f) => readFileSync(f)));
    t.app.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    expect(bytes().includes(lastName)).toBe(true);
    // Stored encrypted from the start (patient/ssnSealer.ts).
    expect(bytes().includes(ssn)).toBe(false);

    now = addMonths(TEST_NOW, 36, 1);
    expect((await purgeExpired(t.app.store, { now })).patients).toBe(1);
    t.app.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    // Freed pages and cells are overwritten with zeros, not left for a copy of the file to reveal.
    expect(bytes().includes(ssn)).toBe(false);
    expect(bytes().includes(lastName)).toBe(false);
  });
});

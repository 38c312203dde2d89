// SQLite's group commit answers a save only once the shared commit is done (groupCommit.test.ts
// proves the grouping itself on both databases).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { identityFor, injectCall, registerPatient, savePage } from '../../test/reliability/patientFlow';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

it('answers a save only once its batch is committed: a second connection reads it at once', async () => {
  const call = injectCall(t.app, '10.8.0.2');
  const p = await registerPatient(call, t.pharmacy.id, identityFor(600, '45to50', t.app.clock()), '45to50');
  const res = await savePage(call, p.token, 'physicalHealth', { height: 181 });
  expect(res.statusCode).toBe(200);
  const Database = (await import('better-sqlite3')).default;
  const other = new Database(t.config.databaseFile, { readonly: true });
  try {
    const row = other.prepare('SELECT answers FROM forms WHERE patient_id = ?').get(p.userId) as { answers: string };
    expect(JSON.parse(row.answers)).toMatchObject({ physicalHealth: { height: 181 } });
  } finally {
    other.close();
  }
});

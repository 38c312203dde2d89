// Page saves that arrive together are committed together (one transaction, one savepoint each):
// one refused save leaves the others of its batch stored.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers';
import {
  identityFor,
  injectCall,
  me,
  registerPatient,
  savePage,
  type RegisteredPatient,
} from '../../test/reliability/patientFlow';
import { sqlGet } from '../../test/sql';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

it('stores every good save of a batch and nothing of the refused ones, each answered for itself', async () => {
  const call = injectCall(t.app, '10.8.0.1');
  const patients: RegisteredPatient[] = [];
  for (let i = 0; i < 12; i++)
    patients.push(await registerPatient(call, t.pharmacy.id, identityFor(500 + i, '45to50', t.app.clock()), '45to50'));
  const [refused, ...good] = patients as [RegisteredPatient, ...RegisteredPatient[]];
  const versionBefore = await sqlGet(t.app, 'SELECT version, answers FROM forms WHERE patient_id = ?', refused.userId);

  // All sent in the same turn of the event loop: one batch.
  const results = await Promise.all([
    ...good.slice(0, 5).map((p, i) => savePage(call, p.token, 'physicalHealth', { height: 160 + i })),
    // A height in metres: the replay refuses it inside the batch's transaction.
    savePage(call, refused.token, 'physicalHealth', { height: 1.75 }),
    ...good.slice(5).map((p, i) => savePage(call, p.token, 'physicalHealth', { height: 165 + i })),
  ]);

  expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 422, ...good.slice(5).map(() => 200)]);
  for (const [i, p] of good.entries()) {
    const view = await me(call, p.token);
    expect(view.reponses.physicalHealth).toMatchObject({ height: 160 + i });
    expect(view.savedPages).toEqual(['physicalHealth']);
  }
  expect(await sqlGet(t.app, 'SELECT version, answers FROM forms WHERE patient_id = ?', refused.userId)).toEqual(
    versionBefore,
  );
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

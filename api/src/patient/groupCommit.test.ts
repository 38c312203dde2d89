// Page saves that arrive together are written together, on SQLite (one transaction, a savepoint
// each) and on PostgreSQL (one UPDATE for the group): one refused save leaves the others stored,
// and no save is lost to another's write.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, onPostgres, type TestApp } from '../../test/helpers';
import {
  identityFor,
  injectCall,
  me,
  registerPatient,
  savePage,
  type RegisteredPatient,
} from '../../test/reliability/patientFlow';
import { sqlAll, sqlGet, sqlRun } from '../../test/sql';

let t: TestApp;
let next = 500;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const call = () => injectCall(t.app, '10.8.0.1');
const patients = async (count: number): Promise<RegisteredPatient[]> => {
  const registered: RegisteredPatient[] = [];
  for (let i = 0; i < count; i++)
    registered.push(
      await registerPatient(call(), t.pharmacy.id, identityFor(next++, '45to50', t.app.clock()), '45to50'),
    );
  return registered;
};
const formOf = (p: RegisteredPatient) =>
  sqlGet(t.app, 'SELECT version, answers, saved_sections FROM forms WHERE patient_id = ?', p.userId);

it('stores every good save of a group and nothing of the refused ones, each answered for itself', async () => {
  const [refused, ...good] = (await patients(12)) as [RegisteredPatient, ...RegisteredPatient[]];
  const before = await formOf(refused);

  // All sent in the same turn of the event loop: one group.
  const results = await Promise.all([
    ...good.slice(0, 5).map((p, i) => savePage(call(), p.token, 'physicalHealth', { height: 160 + i })),
    // A height in metres: the replay refuses it inside the group.
    savePage(call(), refused.token, 'physicalHealth', { height: 1.75 }),
    ...good.slice(5).map((p, i) => savePage(call(), p.token, 'physicalHealth', { height: 165 + i })),
  ]);

  expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 422, ...good.slice(5).map(() => 200)]);
  for (const [i, p] of good.entries()) {
    const view = await me(call(), p.token);
    expect(view.reponses.physicalHealth).toMatchObject({ height: 160 + i });
    expect(view.savedPages).toEqual(['physicalHealth']);
  }
  expect(await formOf(refused)).toEqual(before);
  if (onPostgres()) {
    // Written by one statement, so in one transaction: the rows share the transaction id that wrote them.
    const writers = await sqlAll<{ xmin: string }>(
      t.app,
      `SELECT xmin::text AS xmin FROM forms WHERE patient_id IN (${good.map(() => '?').join(', ')})`,
      ...good.map((p) => p.userId),
    );
    expect(new Set(writers.map((w) => w.xmin)).size).toBe(1);
  }
});

it('leaves the others of the group stored when the database refuses one row', async () => {
  // A rule of the database itself (as an operator's constraint would be) refuses one form's new answers.
  if (onPostgres()) {
    await sqlRun(
      t.app,
      `CREATE FUNCTION refuse_marked() RETURNS trigger AS $$ BEGIN IF NEW.answers LIKE '%refus-de-la-base%' THEN RAISE EXCEPTION 'refusé par la base'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`,
    );
    await sqlRun(
      t.app,
      'CREATE TRIGGER refuse_marked BEFORE UPDATE ON forms FOR EACH ROW EXECUTE FUNCTION refuse_marked()',
    );
  } else {
    await sqlRun(
      t.app,
      `CREATE TRIGGER refuse_marked BEFORE UPDATE ON forms WHEN NEW.answers LIKE '%refus-de-la-base%' BEGIN SELECT RAISE(ABORT, 'refusé par la base'); END`,
    );
  }
  try {
    const [refused, ...good] = (await patients(6)) as [RegisteredPatient, ...RegisteredPatient[]];
    const before = await formOf(refused);
    const results = await Promise.all([
      ...good
        .slice(0, 2)
        .map((p, i) => savePage(call(), p.token, 'healthQuestions', { otherSexualHealth: `bon ${i}` })),
      savePage(call(), refused.token, 'healthQuestions', { otherSexualHealth: 'refus-de-la-base' }),
      ...good
        .slice(2)
        .map((p, i) => savePage(call(), p.token, 'healthQuestions', { otherSexualHealth: `bon ${i + 2}` })),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 500, 200, 200, 200]);
    expect(JSON.parse(results[2]?.body ?? '{}')).toMatchObject({ code: 'internal_error' });
    for (const [i, p] of good.entries())
      expect((await me(call(), p.token)).reponses.healthQuestions).toMatchObject({ otherSexualHealth: `bon ${i}` });
    expect(await formOf(refused)).toEqual(before);
  } finally {
    await sqlRun(t.app, 'DROP TRIGGER refuse_marked' + (onPostgres() ? ' ON forms' : ''));
  }
});

it('keeps both of two saves of one form sent together, the later version last', async () => {
  const [p] = (await patients(1)) as [RegisteredPatient];
  const [first, second] = await Promise.all([
    savePage(call(), p.token, 'physicalHealth', { height: 171 }),
    savePage(call(), p.token, 'healthQuestions', { otherSexualHealth: 'deuxième page' }),
  ]);
  expect([first?.statusCode, second?.statusCode]).toEqual([200, 200]);
  const versions = [first, second].map((r) => (JSON.parse(r?.body ?? '{}') as { version: number }).version);
  expect(versions.sort()).toEqual([1, 2]);
  const view = await me(call(), p.token);
  expect(view.reponses.physicalHealth).toMatchObject({ height: 171 });
  expect(view.reponses.healthQuestions).toMatchObject({ otherSexualHealth: 'deuxième page' });
  expect([...view.savedPages].sort()).toEqual(['healthQuestions', 'physicalHealth']);
});

it('reads the form again when another server wrote it after the guard read it: neither write is lost', async () => {
  const [p] = (await patients(1)) as [RegisteredPatient];
  expect((await savePage(call(), p.token, 'physicalHealth', { height: 170 })).statusCode).toBe(200);
  // The guard's read of this server (on PostgreSQL it keeps the row for the save that follows)...
  expect((await t.app.patientRepository.formPresence(p.userId))?.status).toBe('in_progress');
  // ...then another server stores another page of the same form.
  const stored = await formOf(p);
  const answers = JSON.parse(String(stored?.answers)) as Record<string, unknown>;
  await sqlRun(
    t.app,
    'UPDATE forms SET answers = ?, saved_sections = ?, version = version + 1 WHERE patient_id = ?',
    JSON.stringify({ ...answers, healthQuestions: { otherSexualHealth: 'écrit par l’autre serveur' } }),
    JSON.stringify(['physicalHealth', 'healthQuestions']),
    p.userId,
  );
  const outcome = await t.app.patientRepository.saveSection(
    p.userId,
    'physicalHealth',
    (form) => ({ height: 180, seen: form.answers.healthQuestions?.otherSexualHealth ?? 'rien' }),
    t.app.clock().toISOString(),
  );
  expect(outcome.status).toBe('saved');
  const after = await formOf(p);
  expect(after?.version).toBe(Number(stored?.version) + 2);
  expect(JSON.parse(String(after?.answers))).toEqual({
    physicalHealth: { height: 180, seen: 'écrit par l’autre serveur' },
    healthQuestions: { otherSexualHealth: 'écrit par l’autre serveur' },
  });
});

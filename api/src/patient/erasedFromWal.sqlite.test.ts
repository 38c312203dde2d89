// Issue 41, point 7: the rows of an erased patient stayed readable in SQLite's write-ahead log
// (secure_delete zeroes the database file's pages, not the log's copies of them). After each
// erase, and after each batch of the retention purge, the log is checkpointed and truncated.
import { existsSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { auth, BIRTH_DATES, buildTestApp, registerPatient, type TestApp } from '../../test/helpers';
import { purgeExpired } from '../retention/purge';

const NAME = 'Quintrelle';

let t: TestApp;
afterEach(async () => {
  await t.close();
});

/** The bytes of the database file and its log, as a copy of the data folder would hold them. */
const holdsName = () => {
  const file = t.config.databaseFile;
  return Buffer.concat([file, `${file}-wal`].filter(existsSync).map((f) => readFileSync(f))).includes(NAME);
};

describe('an erased patient leaves no trace in the SQLite files', () => {
  it('after « Arrêter et effacer mes réponses »', async () => {
    t = await buildTestApp();
    const { token } = await registerPatient(t, { nom: NAME });
    expect(holdsName()).toBe(true);
    const res = await t.app.inject({ method: 'DELETE', url: '/api/utilisateur/me', headers: auth(token) });
    expect(res.statusCode).toBe(200);
    expect(holdsName()).toBe(false);
  });

  it('after the third wrong answer to resume', async () => {
    t = await buildTestApp();
    const { token } = await registerPatient(t, { nom: NAME });
    const [, month, day] = BIRTH_DATES['45to50'].split('-').map(Number) as [number, number, number];
    let res;
    for (let i = 0; i < 3; i++)
      res = await t.app.inject({
        method: 'POST',
        url: '/api/utilisateur/me/resume',
        headers: auth(token),
        payload: { jour: (day % 28) + 1, mois: month },
      });
    expect(res?.json().code).toBe('resume_closed');
    expect(holdsName()).toBe(false);
  });

  it('after the retention purge', async () => {
    t = await buildTestApp();
    await registerPatient(t, { nom: NAME });
    const report = await purgeExpired(t.app.store, { now: new Date(t.app.clock().getTime() + 40 * 31 * 86_400_000) });
    expect(report.patients).toBe(1);
    expect(holdsName()).toBe(false);
  });
});

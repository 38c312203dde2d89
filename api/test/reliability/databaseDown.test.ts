import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type TestPostgres } from '../postgres';
import { temporaryFolders } from '../temporaryFolders';
import { serverEnv, startServerProcess, type ServerProcess } from './serverProcess';

// Issue 30, point 5: when the database fails, its error named the query's parameters, and an
// e-mail address reached the log with PostgreSQL stopped. The real server, on a PostgreSQL server
// of its own, is asked for logins while that server is stopped: the log says what failed, and
// holds no address, password or other parameter.

const folders = temporaryFolders('bilan-db-down-');
let postgres: TestPostgres;
let server: ServerProcess;
beforeAll(async () => {
  postgres = startPostgres();
  const url = await postgres.createDatabase('bilan_down');
  server = await startServerProcess(serverEnv(folders.make(), { DATABASE_URL: url }), 60_000);
});
afterAll(async () => {
  await server?.kill('SIGKILL');
  postgres?.stop();
  folders.removeAll();
});

const EMAIL = 'pharmacien.discret@exemple.fr';
const PASSWORD = 'un mot de passe qui ne doit pas sortir';

describe('a login while PostgreSQL is stopped', () => {
  it('answers a JSON 500 and logs the failure without any parameter of the query', async () => {
    const login = () =>
      fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
      });
    // Up: an unknown address is refused as such.
    expect((await login()).status).toBe(401);
    postgres.stop();
    const down = await login();
    expect(down.status).toBe(500);
    expect(await down.json()).toMatchObject({ code: 'internal_error' });
    // The failure is in the log, with its cause…
    await new Promise((resolve) => setTimeout(resolve, 200));
    const log = server.output();
    expect(log).toMatch(/unexpected error/);
    expect(log).toMatch(/ECONNREFUSED|ENOENT|connect|Connection terminated/);
    // …and nothing the request sent, nor any other query's values (the mail queue's).
    for (const secret of [EMAIL, 'pharmacien.discret', PASSWORD, 'params:', '"params"'])
      expect(log.includes(secret), `the log holds ${secret}`).toBe(false);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { auth, buildTestApp, type TestApp } from '../../test/helpers';
import { enableLogin, login, submittedForm } from '../../test/accounts';
import { serverEnv, startServerProcess, type ServerProcess } from '../../test/reliability/serverProcess';
import { actEntries, acts } from '../../test/tables';

// Issue 40: two servers on one SQLite file record « Bilan réalisé » for one person at once (the
// same form and the person registered again) and exactly one act is stored. The second server is
// a process of its own: in one process, SQLite's wait for the file's lock would hold both.
let t: TestApp;
let server: ServerProcess | undefined;
afterEach(async () => {
  await server?.kill('SIGTERM');
  server = undefined;
  await t.close();
});

describe('two servers on one SQLite file', () => {
  it('record one act for one person', async () => {
    // The real clock on both: the child server's staff token check reads its own.
    t = await buildTestApp({ clock: () => new Date() });
    await enableLogin(t.app, t.pharmacy.id);
    const form = (a: string, b: string) =>
      submittedForm(t.app, t.pharmacy.id, { lastName: a, firstName: b, submittedAt: '2026-03-09T08:00:00.000Z' });
    const luc = (await form('Lefèvre', 'Jean-Luc')).patientId;
    const twin = (await form('LEFEVRE', 'jean luc')).patientId;
    const token = await login(t.app, t.pharmacy.email);
    const settings = await t.app.inject({
      method: 'PUT',
      url: '/api/dashboard/settings',
      headers: auth(token),
      payload: { address: '', phone: '', department: '75' },
    });
    expect(settings.statusCode).toBe(200);
    server = await startServerProcess(
      serverEnv(t.dir, {
        DATABASE_FILE: t.config.databaseFile,
        JWT_SECRET: t.config.jwtSecret,
        SSN_ENCRYPTION_KEY: t.config.ssnEncryptionKey,
        CODE_HASH_KEY: t.config.codeHashKey,
        MAIL_ENCRYPTION_KEY: t.config.mailEncryptionKey,
        ALTCHA_HMAC_KEY: t.config.altchaHmacKey,
        LOG_LEVEL: 'info',
        PUBLIC_URL: 'http://bilan.test',
      }),
    );
    const url = server.url;
    const overHttp = async (id: number) => {
      const res = await fetch(`${url}/api/forms/${id}/acts`, { method: 'POST', headers: auth(token) });
      return { statusCode: res.status, body: (await res.json()) as { message?: string } };
    };
    const inProcess = async (id: number) => {
      const res = await t.app.inject({ method: 'POST', url: `/api/forms/${id}/acts`, headers: auth(token) });
      return { statusCode: res.statusCode, body: res.json<{ message?: string }>() };
    };
    const results = await Promise.all([overHttp(luc), overHttp(twin), inProcess(twin), inProcess(luc)]);
    expect(results.map((r) => r.statusCode).sort(), JSON.stringify(results)).toEqual([201, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.body.message).toMatch(/^Un bilan de prévention a déjà été réalisé pour cette personne/);
    expect(await t.app.store.db.select().from(acts)).toHaveLength(1);
    expect((await t.app.store.db.select().from(actEntries)).map((e) => e.seq)).toEqual([1]);
  }, 60_000);
});

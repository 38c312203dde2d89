import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { buildTestApp, TEST_NOW, testConfig, type TestApp, sameDatabase } from '../../test/helpers';
import { jobLeases } from './jobLeases';
import { sqlGet, sqlRun } from '../../test/sql';

let t: TestApp;
const others: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of others.splice(0)) await app.close();
  await t.close();
});

describe('the leases of the periodic jobs', () => {
  it('lets one holder at a time take a job, extend it, give it back, or lose it when it runs out', async () => {
    t = await buildTestApp();
    let now = 1_000_000;
    const a = jobLeases(
      () => t.app.store,
      'serveur-a',
      () => now,
    );
    const b = jobLeases(
      () => t.app.store,
      'serveur-b',
      () => now,
    );
    expect(await a.take('purge', 60_000)).toBe(true);
    expect(await b.take('purge', 60_000)).toBe(false);
    // Another job is free.
    expect(await b.take('autre', 60_000)).toBe(true);
    now += 50_000;
    // Extending its own lease.
    expect(await a.take('purge', 60_000)).toBe(true);
    now += 50_000;
    expect(await b.take('purge', 60_000)).toBe(false);
    // Run out: the other takes it over, and the first one's release does not free it.
    now += 10_001;
    expect(await b.take('purge', 60_000)).toBe(true);
    await a.release('purge');
    expect(await a.take('purge', 60_000)).toBe(false);
    await b.release('purge');
    expect(await a.take('purge', 60_000)).toBe(true);
  });

  it('runs a job under its lease and gives it back, even when the job fails; skips it while another holds it', async () => {
    t = await buildTestApp();
    const now = () => 1_000_000;
    const a = jobLeases(() => t.app.store, 'serveur-a', now);
    const b = jobLeases(() => t.app.store, 'serveur-b', now);
    expect(await a.run('purge', 60_000, () => 42)).toEqual({ ran: true, result: 42 });
    let ranInside: unknown;
    await a.run('purge', 60_000, async () => {
      ranInside = await b.run('purge', 60_000, () => 'jamais');
    });
    expect(ranInside).toEqual({ ran: false });
    await expect(a.run('purge', 60_000, () => Promise.reject(new Error('panne')))).rejects.toThrow('panne');
    expect(await b.run('purge', 60_000, () => 'ensuite')).toEqual({ ran: true, result: 'ensuite' });
  });

  it('runs the retention purge on one server of the base at a time', async () => {
    t = await buildTestApp();
    const old = new Date(TEST_NOW.getTime() - 400 * 86_400_000).toISOString();
    const addOldAuditRow = () =>
      sqlRun(
        t.app,
        "INSERT INTO audit_log (actor_account_id, action, created_at) VALUES (?, 'export', ?)",
        t.pharmacy.id,
        old,
      );
    const auditRows = async () => ((await sqlGet(t.app, 'SELECT count(*) AS n FROM audit_log')) as { n: number }).n;
    await addOldAuditRow();
    const config = testConfig(t.dir, sameDatabase(t.config));
    // A day and more after the first server's purge, a start purges (a night was missed)...
    const nextDay = new Date(TEST_NOW.getTime() + 26 * 3600_000);
    // ...unless the first server is purging: a second one starting now leaves the purge to it.
    expect(await t.app.jobs.take('retention-purge', 48 * 3600_000)).toBe(true);
    const second = await buildApp({ config, clock: () => nextDay });
    others.push(second);
    await second.ready();
    expect(await auditRows()).toBe(1);
    // Done and given back: the next start purges.
    await t.app.jobs.release('retention-purge');
    const third = await buildApp({ config, clock: () => nextDay });
    others.push(third);
    await third.ready();
    expect(await auditRows()).toBe(0);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auth, buildTestApp, TEST_NOW, type TestApp } from '../../test/helpers';
import { emails, invitations } from '../db/schema';
import { ttlDaysOf } from './service';
import { hashToken } from '../accounts/secretToken';
import { createAdmin, enableLogin, login, submittedForm } from '../../test/accounts';

let t: TestApp;
let adminToken: string;
let pharmacyToken: string;
beforeEach(async () => {
  t = await buildTestApp();
  await enableLogin(t.app, t.pharmacy.id);
  const admin = await createAdmin(t.app);
  adminToken = await login(t.app, admin.email, undefined, '10.0.0.7');
  pharmacyToken = await login(t.app, t.pharmacy.email);
});
afterEach(async () => {
  await t.close();
});

const ADMIN_ROUTES = [
  ['GET', '/api/admin/stats/pharmacies'],
  ['GET', '/api/admin/invitations'],
  ['POST', '/api/admin/invitations'],
  ['GET', '/api/admin/emails/failed'],
] as const;

describe('admin routes', () => {
  it.each(ADMIN_ROUTES)('%s %s refuses a pharmacist token (403), no token (401), and changes nothing', async (method, url) => {
    const res = await t.app.inject({ method, url, headers: auth(pharmacyToken), payload: method === 'POST' ? { ttlDays: 7 } : undefined });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
    expect((await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined })).statusCode).toBe(401);
    expect(t.app.db.select().from(invitations).all()).toEqual([]);
  });

  it('creates an invitation with its link and plain token once; the list shows status but never the token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/invitations', headers: auth(adminToken), payload: { email: ' Nouvelle@Pharma.test ', ttlDays: 3 } });
    expect(res.statusCode, res.body).toBe(201);
    const inv = res.json();
    expect(inv).toMatchObject({ email: 'nouvelle@pharma.test', expiresAt: '2026-03-13T10:00:00.000Z', usedAt: null, status: 'active' });
    expect(Buffer.from(inv.token, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(inv.registerLink).toBe(`http://bilan.test/register?invite=${inv.token}`);
    const stored = t.app.db.select().from(invitations).get();
    expect(stored?.tokenHash).toBe(hashToken(inv.token));
    const list = (await t.app.inject({ method: 'GET', url: '/api/admin/invitations', headers: auth(adminToken) })).json();
    expect(list).toEqual([{ id: inv.id, email: 'nouvelle@pharma.test', expiresAt: inv.expiresAt, usedAt: null, status: 'active', createdAt: TEST_NOW.toISOString() }]);
    const check = (await t.app.inject({ method: 'GET', url: `/api/auth/check-invite?token=${inv.token}` })).json();
    expect(check).toMatchObject({ valid: true, email: 'nouvelle@pharma.test' });
  });

  it('lists used and expired invitations with their status', async () => {
    t.app.db.insert(invitations).values([
      { tokenHash: 'a', expiresAt: '2026-03-01T00:00:00.000Z', createdAt: '2026-02-01T00:00:00.000Z' },
      { tokenHash: 'b', expiresAt: '2026-04-01T00:00:00.000Z', usedAt: '2026-03-05T00:00:00.000Z', createdAt: '2026-02-01T00:00:00.000Z' },
    ]).run();
    const list = (await t.app.inject({ method: 'GET', url: '/api/admin/invitations', headers: auth(adminToken) })).json();
    expect(list.map((i: { status: string }) => i.status)).toEqual(['used', 'expired']);
  });

  it('reads the lifetime: non-numeric → 7 days, at least 1', () => {
    expect(ttlDaysOf('abc')).toBe(7);
    expect(ttlDaysOf(undefined)).toBe(7);
    expect(ttlDaysOf(null)).toBe(7);
    expect(ttlDaysOf('')).toBe(7);
    expect(ttlDaysOf(0)).toBe(1);
    expect(ttlDaysOf(-4)).toBe(1);
    expect(ttlDaysOf('10')).toBe(10);
  });

  it('refuses a malformed e-mail and stores nothing', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/invitations', headers: auth(adminToken), payload: { email: 'pas-une-adresse', ttlDays: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_email');
    expect(t.app.db.select().from(invitations).all()).toEqual([]);
  });

  it('counts submitted forms per pharmacy this month and over the last 12 months', async () => {
    await submittedForm(t.app, t.pharmacy.id, { lastName: 'A', firstName: 'A', submittedAt: '2026-03-01T09:00:00.000Z' });
    await submittedForm(t.app, t.pharmacy.id, { lastName: 'B', firstName: 'B', submittedAt: '2026-02-28T23:30:00.000Z' }); // 1 March in Paris
    await submittedForm(t.app, t.pharmacy.id, { lastName: 'C', firstName: 'C', submittedAt: '2026-01-15T09:00:00.000Z' });
    await submittedForm(t.app, t.otherPharmacy.id, { lastName: 'D', firstName: 'D', submittedAt: '2025-03-15T09:00:00.000Z' });
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/stats/pharmacies', headers: auth(adminToken) });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json() as { clientName: string; email: string; totalThisMonth: number; months: { month: string; total: number }[] }[];
    expect(rows.map((r) => [r.clientName, r.email, r.totalThisMonth])).toEqual([
      ['autre-pharmacie', 'contact@pharmacie-port.test', 0],
      ['pharmacie-test', 'contact@pharmacie-etoile.test', 2],
    ]);
    const mine = rows.find((r) => r.clientName === 'pharmacie-test');
    expect(mine?.months).toHaveLength(12);
    expect(mine?.months[0]?.month).toBe('2025-04');
    expect(mine?.months.at(-1)).toEqual({ month: '2026-03', total: 2 });
    expect(mine?.months.find((m) => m.month === '2026-01')?.total).toBe(1);
    expect(rows[0]?.months.reduce((s, m) => s + m.total, 0)).toBe(0);
  });

  it('lists the e-mails that failed for good', async () => {
    t.app.db.insert(emails).values({ kind: 'pharmacy_new_bilan', to: 'x@y.fr', subject: 'S', text: 'T', status: 'failed', attempts: 10, nextAttemptAt: TEST_NOW.toISOString(), lastError: '550 boîte inconnue', createdAt: TEST_NOW.toISOString() }).run();
    const list = (await t.app.inject({ method: 'GET', url: '/api/admin/emails/failed', headers: auth(adminToken) })).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ to: 'x@y.fr', attempts: 10, lastError: '550 boîte inconnue' });
  });
});

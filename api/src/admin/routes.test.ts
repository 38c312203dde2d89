import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auth, buildTestApp, TEST_NOW, type TestApp } from '../../test/helpers';
import { emails, invitations } from '../../test/tables';
import { ttlDaysOf } from './service';
import { hashToken } from '../accounts/secretToken';
import { readWorkbook } from '../../test/readers';
import { createAdmin, deliveredTo, enableLogin, login, submittedForm } from '../../test/accounts';
import { first } from '../db/store';

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
  ['GET', '/api/admin/stats/export'],
  ['GET', '/api/admin/invitations'],
  ['POST', '/api/admin/invitations'],
  ['POST', '/api/admin/invitations/1/resend'],
  ['GET', '/api/admin/emails/failed'],
] as const;

describe('admin routes', () => {
  it.each(ADMIN_ROUTES)(
    '%s %s refuses a pharmacist token (403), no token (401), and changes nothing',
    async (method, url) => {
      const payload = method === 'POST' ? (url.endsWith('/resend') ? {} : { ttlDays: 7 }) : undefined;
      const res = await t.app.inject({ method, url, headers: auth(pharmacyToken), payload });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('forbidden');
      expect((await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined })).statusCode).toBe(401);
      expect(await t.app.store.db.select().from(invitations)).toEqual([]);
    },
  );

  it('creates an invitation with its link and plain token once; the list shows status but never the token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/invitations',
      headers: auth(adminToken),
      payload: { email: ' Nouvelle@Pharma.test ', ttlDays: 3 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const inv = res.json();
    expect(inv).toMatchObject({
      email: 'nouvelle@pharma.test',
      expiresAt: '2026-03-13T10:00:00.000Z',
      usedAt: null,
      status: 'active',
    });
    expect(Buffer.from(inv.token, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(inv.registerLink).toBe(`http://bilan.test/register#invite=${inv.token}`);
    expect(inv.emailed).toBe(true);
    const stored = await first(t.app.store.db.select().from(invitations));
    expect(stored?.tokenHash).toBe(hashToken(inv.token));
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/admin/invitations', headers: auth(adminToken) })
    ).json();
    expect(list).toEqual([
      {
        id: inv.id,
        email: 'nouvelle@pharma.test',
        expiresAt: inv.expiresAt,
        usedAt: null,
        status: 'active',
        createdAt: TEST_NOW.toISOString(),
      },
    ]);
    const check = (
      await t.app.inject({ method: 'POST', url: '/api/auth/check-invite', payload: { token: inv.token } })
    ).json();
    expect(check).toMatchObject({ valid: true, email: 'nouvelle@pharma.test' });
  });

  it('e-mails the register link with its expiry to the invited address; without an address nothing is sent', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/invitations',
      headers: auth(adminToken),
      payload: { email: 'nouvelle@pharma.test', ttlDays: 3 },
    });
    const inv = res.json();
    const mails = await deliveredTo(t.app, 'nouvelle@pharma.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Invitation à ouvrir le compte de votre pharmacie');
    expect(mails[0]?.text).toContain(inv.registerLink);
    expect(mails[0]?.text).toContain('valable jusqu’au 13\u00a0mars 2026 à 11:00 (heure de Paris)');
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/admin/invitations',
      headers: auth(adminToken),
      payload: { ttlDays: 3 },
    });
    expect(anonymous.json().emailed).toBe(false);
    expect((await t.app.store.db.select().from(emails)).filter((m) => m.kind === 'invitation')).toHaveLength(1);
  });

  it('sends an invitation again with a new link valid 7 days; the old link stops working', async () => {
    const first = (
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/invitations',
        headers: auth(adminToken),
        payload: { email: 'nouvelle@pharma.test', ttlDays: 1 },
      })
    ).json();
    // A day and more later (the admin's session would not last that long: the row is aged instead).
    await t.app.store.db.update(invitations).set({ expiresAt: '2026-03-09T10:00:00.000Z' });
    const listed = (
      await t.app.inject({ method: 'GET', url: '/api/admin/invitations', headers: auth(adminToken) })
    ).json();
    expect(listed[0]).toMatchObject({ id: first.id, status: 'expired' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/invitations/${first.id}/resend`,
      headers: auth(adminToken),
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: first.id,
      status: 'active',
      expiresAt: '2026-03-17T10:00:00.000Z',
      emailed: true,
    });
    expect(res.json().token).toBeUndefined();
    const mails = await deliveredTo(t.app, 'nouvelle@pharma.test');
    expect(mails).toHaveLength(2);
    const link = /https?:\/\/\S+register#invite=(\S+)/.exec(mails[1]?.text ?? '')?.[1] ?? '';
    expect(link).not.toBe(first.token);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/check-invite', payload: { token: link } })).json(),
    ).toMatchObject({ valid: true });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/check-invite', payload: { token: first.token } })).json(),
    ).toMatchObject({ valid: false, reason: 'not_found' });
  });

  it('refuses to resend an unknown, a used or an address-less invitation, or with a body, and changes nothing', async () => {
    await t.app.store.db.insert(invitations).values([
      {
        tokenHash: 'used',
        email: 'a@pharma.test',
        expiresAt: '2026-04-01T00:00:00.000Z',
        usedAt: '2026-03-05T00:00:00.000Z',
        createdAt: '2026-02-01T00:00:00.000Z',
      },
      { tokenHash: 'anon', expiresAt: '2026-04-01T00:00:00.000Z', createdAt: '2026-02-01T00:00:00.000Z' },
    ]);
    const [used, anon] = await t.app.store.db.select().from(invitations);
    const before = await t.app.store.db.select().from(invitations);
    const resend = (id: unknown, payload: object = {}) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/invitations/${String(id)}/resend`,
        headers: auth(adminToken),
        payload,
      });
    expect((await resend(999)).json()).toMatchObject({
      code: 'invitation_not_found',
      message: 'Invitation introuvable.',
    });
    expect((await resend(999)).statusCode).toBe(404);
    expect((await resend('abc')).statusCode).toBe(404);
    expect((await resend(used?.id)).statusCode).toBe(409);
    expect((await resend(used?.id)).json().code).toBe('invitation_used');
    expect((await resend(anon?.id)).json().code).toBe('invitation_without_email');
    expect((await resend(anon?.id, { email: 'x@y.fr' })).statusCode).toBe(400);
    expect(await t.app.store.db.select().from(invitations)).toEqual(before);
    expect((await t.app.store.db.select().from(emails)).filter((m) => m.kind === 'invitation')).toEqual([]);
  });

  it('lists the invitations still waiting first', async () => {
    await t.app.store.db.insert(invitations).values([
      {
        tokenHash: 'w',
        email: 'w@pharma.test',
        expiresAt: '2026-04-01T00:00:00.000Z',
        createdAt: '2026-01-01T00:00:00.000Z',
      },
      {
        tokenHash: 'u',
        email: 'u@pharma.test',
        expiresAt: '2026-04-01T00:00:00.000Z',
        usedAt: '2026-03-05T00:00:00.000Z',
        createdAt: '2026-02-01T00:00:00.000Z',
      },
    ]);
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/admin/invitations', headers: auth(adminToken) })
    ).json();
    expect(list.map((i: { email: string; status: string }) => [i.email, i.status])).toEqual([
      ['w@pharma.test', 'active'],
      ['u@pharma.test', 'used'],
    ]);
  });

  it('lists used and expired invitations with their status', async () => {
    await t.app.store.db.insert(invitations).values([
      { tokenHash: 'a', expiresAt: '2026-03-01T00:00:00.000Z', createdAt: '2026-02-01T00:00:00.000Z' },
      {
        tokenHash: 'b',
        expiresAt: '2026-04-01T00:00:00.000Z',
        usedAt: '2026-03-05T00:00:00.000Z',
        createdAt: '2026-02-01T00:00:00.000Z',
      },
    ]);
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/admin/invitations', headers: auth(adminToken) })
    ).json();
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
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/invitations',
      headers: auth(adminToken),
      payload: { email: 'pas-une-adresse', ttlDays: 7 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_email');
    expect(await t.app.store.db.select().from(invitations)).toEqual([]);
  });

  it('refuses a validity outside 1 to 365 days, or not a number, and stores nothing', async () => {
    for (const ttlDays of ['x', 0, 366, 2.5]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/invitations',
        headers: auth(adminToken),
        payload: { email: 'nouvelle@pharma.test', ttlDays },
      });
      expect(res.statusCode, String(ttlDays)).toBe(400);
      expect(res.json().code).toBe('invalid_request');
    }
    expect(await t.app.store.db.select().from(invitations)).toEqual([]);
  });

  it('counts submitted forms per pharmacy this month and over the last 12 months', async () => {
    await submittedForm(t.app, t.pharmacy.id, {
      lastName: 'A',
      firstName: 'A',
      submittedAt: '2026-03-01T09:00:00.000Z',
    });
    await submittedForm(t.app, t.pharmacy.id, {
      lastName: 'B',
      firstName: 'B',
      submittedAt: '2026-02-28T23:30:00.000Z',
    }); // 1 March in Paris
    await submittedForm(t.app, t.pharmacy.id, {
      lastName: 'C',
      firstName: 'C',
      submittedAt: '2026-01-15T09:00:00.000Z',
    });
    await submittedForm(t.app, t.otherPharmacy.id, {
      lastName: 'D',
      firstName: 'D',
      submittedAt: '2025-03-15T09:00:00.000Z',
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/stats/pharmacies', headers: auth(adminToken) });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json() as {
      clientName: string;
      email: string;
      totalThisMonth: number;
      months: { month: string; total: number }[];
    }[];
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

  it('exports the monthly figures per pharmacy and for all, as the list shows them', async () => {
    await submittedForm(t.app, t.pharmacy.id, {
      lastName: 'Un',
      firstName: 'A',
      submittedAt: '2026-03-02T08:00:00.000Z',
    });
    await submittedForm(t.app, t.pharmacy.id, {
      lastName: 'Deux',
      firstName: 'B',
      submittedAt: '2026-02-02T08:00:00.000Z',
    });
    await submittedForm(t.app, t.otherPharmacy.id, {
      lastName: 'Trois',
      firstName: 'C',
      submittedAt: '2026-03-03T08:00:00.000Z',
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/stats/export', headers: auth(adminToken) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="chiffres_mensuels.xlsx"');
    const sheets = await readWorkbook(res.rawPayload);
    const rows = sheets['Chiffres mensuels'] ?? [];
    expect(rows[0]?.slice(0, 3)).toEqual(['Pharmacie', 'Nom', 'E-mail']);
    expect(rows[0]?.slice(-3)).toEqual(['2026-02', '2026-03', 'Total']);
    const byName = (name: string) => rows.find((r) => r[0] === name) ?? [];
    expect(byName(t.pharmacy.name).slice(-3)).toEqual([1, 1, 2]);
    expect(byName(t.otherPharmacy.name).slice(-3)).toEqual([0, 1, 1]);
    expect(rows.at(-1)?.[0]).toBe('Toutes pharmacies');
    expect(rows.at(-1)?.slice(-3)).toEqual([1, 2, 3]);
  });

  it('lists the e-mails that failed for good', async () => {
    await t.app.store.db.insert(emails).values({
      kind: 'pharmacy_new_bilan',
      to: 'x@y.fr',
      subject: 'S',
      text: 'T',
      status: 'failed',
      attempts: 10,
      nextAttemptAt: TEST_NOW.toISOString(),
      lastError: '550 boîte inconnue',
      createdAt: TEST_NOW.toISOString(),
    });
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/admin/emails/failed', headers: auth(adminToken) })
    ).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ to: 'x@y.fr', attempts: 10, lastError: '550 boîte inconnue' });
  });
});

import { paris } from '@bilan/engine';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors';
import { EMAIL_ADDRESS } from '../shared/text/emailAddress';
import type { AccountRow, InvitationRow } from '../db/schema';
import { accountEmails, capReachedEmail } from '../mail';
import { invitationStatus, newSecretToken, normalizeEmail } from '../accounts';
import { statsWorkbook } from './statsWorkbook';

const DEFAULT_TTL_DAYS = 7;
export const MAX_TTL_DAYS = 365;

/** Days of validity: non-numeric falls back to 7, below 1 becomes 1 (docs/product.md §5). */
export function ttlDaysOf(raw: unknown): number {
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
  if (!Number.isFinite(n)) return DEFAULT_TTL_DAYS;
  return Math.min(MAX_TTL_DAYS, Math.max(1, Math.floor(n)));
}

/** An invitation as the admin sees it. */
function viewOf(i: InvitationRow, now: Date) {
  return {
    id: i.id,
    email: i.email,
    expiresAt: i.expiresAt,
    usedAt: i.usedAt,
    status: invitationStatus(i, now),
    createdAt: i.createdAt,
  };
}

/** Admin only: monthly statistics per pharmacy, invitations, e-mails that failed for good. */
export function adminService(app: FastifyInstance) {
  const repo = app.adminRepository;
  const registerLinkOf = (token: string) => `${app.config.publicUrl}/register#invite=${token}`;

  return {
    /** The spec's stats rows ({ clientName, email, totalThisMonth }) with the name and the last 12 months. */
    async pharmacyStats() {
      const now = app.clock();
      const months = paris.lastMonths(now, 12);
      const current = paris.month(now);
      const counts = new Map<string, number>();
      for (const r of await repo.monthlyCounts(months[0] ?? current)) counts.set(`${r.pharmacyId}|${r.month}`, r.total);
      return (await repo.pharmacies()).map((p) => ({
        clientName: p.name,
        nom: p.displayName,
        email: p.email,
        totalThisMonth: counts.get(`${p.id}|${current}`) ?? 0,
        months: months.map((month) => ({ month, total: counts.get(`${p.id}|${month}`) ?? 0 })),
      }));
    },

    /** The same figures as an .xlsx workbook (statsWorkbook). */
    async statsExport(): Promise<Buffer> {
      return statsWorkbook(await this.pharmacyStats(), paris.lastMonths(app.clock(), 12));
    },

    /** The latest invitations, the ones still waiting for their pharmacy first. */
    async invitations() {
      const now = app.clock();
      const views = (await repo.invitations(500)).map((i) => viewOf(i, now));
      return [...views.filter((v) => v.status === 'active'), ...views.filter((v) => v.status !== 'active')];
    },

    /**
     * A new invitation; its plain token exists only in this answer (the table keeps its hash).
     * With an address, the register link is also e-mailed to it.
     */
    async invite(adminId: number | null, rawEmail: string | null | undefined, rawTtlDays: unknown) {
      const email = rawEmail ? normalizeEmail(rawEmail) : '';
      if (email && !EMAIL_ADDRESS.test(email)) throw new ApiError(400, 'invalid_email', 'Adresse e-mail invalide.');
      const ttlDays = ttlDaysOf(rawTtlDays);
      const now = app.clock();
      const { token, hash } = newSecretToken();
      const expiresAt = new Date(now.getTime() + ttlDays * 86_400_000);
      const row = await repo.createInvitation({
        tokenHash: hash,
        email: email || null,
        expiresAt: expiresAt.toISOString(),
        createdByAccountId: adminId,
        createdAt: now.toISOString(),
      });
      const registerLink = registerLinkOf(token);
      if (row.email) await app.mailer.enqueue(accountEmails.invitation(row.email, registerLink, expiresAt));
      return { ...viewOf(row, now), token, registerLink, emailed: row.email !== null };
    },

    /**
     * Sends an invitation again: a new link (the old one stops working) valid for the default 7
     * days from now, e-mailed to its address. Used invitations and invitations without an
     * address cannot be sent.
     */
    async resendInvitation(rawId: string) {
      const id = /^[1-9]\d{0,15}$/.test(rawId) ? Number(rawId) : null;
      const row = id === null ? undefined : await repo.invitationById(id);
      if (!row) throw new ApiError(404, 'invitation_not_found', 'Invitation introuvable.');
      if (row.usedAt !== null)
        throw new ApiError(409, 'invitation_used', 'Cette invitation a déjà servi à ouvrir un compte.');
      if (!row.email)
        throw new ApiError(
          409,
          'invitation_without_email',
          'Cette invitation n’a pas d’adresse e-mail\u00a0: créez-en une nouvelle avec l’adresse de la pharmacie.',
        );
      const now = app.clock();
      const expiresAt = new Date(now.getTime() + DEFAULT_TTL_DAYS * 86_400_000);
      const { token, hash } = newSecretToken();
      const updated = await repo.renewInvitation(row.id, hash, expiresAt.toISOString());
      if (!updated) throw new ApiError(409, 'invitation_used', 'Cette invitation a déjà servi à ouvrir un compte.');
      await app.mailer.enqueue(accountEmails.invitation(row.email, registerLinkOf(token), expiresAt));
      return { ...viewOf(updated, now), emailed: true };
    },

    /** The caps of new forms reached in the last 30 days, newest first (newFormsCapReached). */
    async capAlerts() {
      const since = new Date(app.clock().getTime() - 30 * 86_400_000).toISOString();
      return (await repo.capAlerts(since)).map((a) => ({ ...a, cap: app.config.newFormsPerPharmacyHour }));
    },

    /**
     * A registration refused by the cap of new forms of its pharmacy (NEW_FORMS_PER_PHARMACY_HOUR):
     * counted in the hour's alert, which the admins read (GET /api/admin/alerts), and the first
     * refusal of the hour e-mails each of them.
     */
    async newFormsCapReached(pharmacy: AccountRow): Promise<void> {
      const now = app.clock();
      const hour = new Date(Math.floor(now.getTime() / 3600_000) * 3600_000).toISOString();
      const refused = await repo.countCapRefusal('new_forms', pharmacy.id, hour, now.toISOString());
      if (refused !== 1) return;
      const cap = app.config.newFormsPerPharmacyHour;
      app.log.warn({ pharmacyId: pharmacy.id, cap }, 'plafond de nouveaux questionnaires atteint');
      for (const to of await repo.adminEmails())
        await app.mailer.enqueue(capReachedEmail({ to, pharmacy, cap, at: now }));
    },

    /** The e-mails that failed for good (D15), newest first. */
    async failedEmails() {
      return (await app.mailer.failed(100)).map((m) => ({
        id: m.id,
        kind: m.kind,
        to: m.to,
        subject: m.subject,
        attempts: m.attempts,
        lastError: m.lastError,
        createdAt: m.createdAt,
      }));
    },
  };
}

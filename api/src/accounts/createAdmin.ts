import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { EMAIL_ADDRESS } from '../shared/text/emailAddress';
import { normalizeEmail } from './normalizeEmail';
import { unknownPasswordHash } from './passwordHash';
import { resetService } from './resetService';

/** How long the printed link stays valid: an operator may set the server up today and log in tomorrow. */
export const ADMIN_LINK_TTL_MS = 24 * 3600_000;

export type CreateAdminResult =
  | { status: 'created' | 'renewed'; email: string; link: string; expiresAt: Date }
  | { status: 'invalid_email'; email: string }
  | { status: 'not_admin'; email: string };

/**
 * `pnpm admin:create --email …`: the admin account (created with a password nobody knows, or
 * found again) and a single-use link to choose its password, for the terminal that asked. The
 * link is never e-mailed nor logged: whoever runs the command on the server is the operator.
 */
export async function createAdmin(app: FastifyInstance, rawEmail: string): Promise<CreateAdminResult> {
  const email = normalizeEmail(rawEmail);
  if (!EMAIL_ADDRESS.test(email)) return { status: 'invalid_email', email: rawEmail };
  const repo = app.accountsRepository;
  const now = app.clock();
  let account = await repo.findByEmail(email);
  if (account && account.role !== 'admin') return { status: 'not_admin', email };
  const status = account ? 'renewed' : 'created';
  if (!account) {
    account = await repo.insert({
      name: (await repo.findByName('admin')) ? `admin-${randomBytes(4).toString('hex')}` : 'admin',
      displayName: 'Administration Bilan Prévention',
      email,
      role: 'admin',
      passwordHash: await unknownPasswordHash(),
      createdAt: now.toISOString(),
    });
  }
  const link = await resetService(app).resetLink(account.id, ADMIN_LINK_TTL_MS);
  return { status, email, link, expiresAt: new Date(now.getTime() + ADMIN_LINK_TTL_MS) };
}

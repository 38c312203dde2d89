import type { FastifyInstance } from 'fastify';
import { hashPassword, unknownPasswordHash } from './passwordHash';

const DEMO_PHARMACY_NAME = 'pharmacie-demo';

export interface SeedResult {
  /** Accounts created by this call (names only: no password is ever printed or logged). */
  created: { role: 'admin' | 'pharmacy'; name: string; email: string }[];
  /** No admin account exists: the operator creates the first one with `pnpm admin:create`. */
  noAdmin: boolean;
}

/**
 * Start-up seed, idempotent. The admin is created here only when ADMIN_PASSWORD is set (tests, or
 * an operator's choice); otherwise by `pnpm admin:create`. The demo pharmacy (SEED_DEMO, off in
 * production) gets DEMO_PHARMACY_PASSWORD or a password nobody knows ("Mot de passe oublié"
 * reaches it). Only hashes are stored; nothing secret is returned.
 */
export async function seedDatabase(app: FastifyInstance): Promise<SeedResult> {
  const { config, accountsRepository: repo } = app;
  const now = app.clock().toISOString();
  const created: SeedResult['created'] = [];

  // Several servers may start together on one database: an account another one created meanwhile is left as it is.
  if (config.adminPassword !== null && !(await repo.findByEmail(config.adminEmail))) {
    const admin = await repo.insertIfAbsent({
      name: 'admin',
      displayName: 'Administration Bilan Prévention',
      email: config.adminEmail,
      role: 'admin',
      passwordHash: await hashPassword(config.adminPassword),
      emailVerifiedAt: now,
      createdAt: now,
    });
    if (admin) created.push({ role: 'admin', name: 'admin', email: config.adminEmail });
  }

  if (config.seedDemo && !(await repo.findByName(DEMO_PHARMACY_NAME))) {
    const email = `${DEMO_PHARMACY_NAME}@bilan-prevention.local`;
    const demo = await repo.insertIfAbsent({
      name: DEMO_PHARMACY_NAME,
      displayName: 'Pharmacie de démonstration',
      email,
      role: 'pharmacy',
      passwordHash: await (config.demoPharmacyPassword
        ? hashPassword(config.demoPharmacyPassword)
        : unknownPasswordHash()),
      emailVerifiedAt: now,
      createdAt: now,
    });
    if (demo) created.push({ role: 'pharmacy', name: DEMO_PHARMACY_NAME, email });
  }
  return { created, noAdmin: !(await repo.hasAdmin()) };
}

import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../accounts/passwordHash';

export const DEMO_PHARMACY_NAME = 'pharmacie-demo';

export interface SeedResult {
  /** Accounts created by this call, with the password to print once (null when it came from the environment). */
  created: { role: 'admin' | 'pharmacy'; name: string; email: string; password: string | null }[];
}

function randomPassword(): string {
  return randomBytes(15).toString('base64url');
}

/**
 * First start: an admin account and the demo pharmacy, each created once (idempotent). Passwords
 * come from ADMIN_PASSWORD / DEMO_PHARMACY_PASSWORD, or are generated and returned to be printed
 * once: only their hash is stored.
 */
export async function seedDatabase(app: FastifyInstance): Promise<SeedResult> {
  const { config, repos } = app;
  const now = app.clock().toISOString();
  const created: SeedResult['created'] = [];

  if (!(await repos.accounts.findByEmail(config.adminEmail))) {
    const password = config.adminPassword ?? randomPassword();
    await repos.accounts.insert({
      name: 'admin',
      displayName: 'Administration Bilan Prévention',
      email: config.adminEmail,
      role: 'admin',
      passwordHash: await hashPassword(password),
      emailVerifiedAt: now,
      createdAt: now,
    });
    created.push({ role: 'admin', name: 'admin', email: config.adminEmail, password: config.adminPassword ? null : password });
  }

  if (config.seedDemo && !(await repos.accounts.findByName(DEMO_PHARMACY_NAME))) {
    const email = `${DEMO_PHARMACY_NAME}@bilan-prevention.local`;
    const password = config.demoPharmacyPassword ?? randomPassword();
    await repos.accounts.insert({
      name: DEMO_PHARMACY_NAME,
      displayName: 'Pharmacie de démonstration',
      email,
      role: 'pharmacy',
      passwordHash: await hashPassword(password),
      emailVerifiedAt: now,
      createdAt: now,
    });
    created.push({ role: 'pharmacy', name: DEMO_PHARMACY_NAME, email, password: config.demoPharmacyPassword ? null : password });
  }
  return { created };
}

import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id floor: 19 MiB, 2 passes, 1 lane. The library's default algorithm is argon2id;
// its Algorithm enum is an ambient const enum that isolatedModules cannot read, so the test
// checks the PHC prefix instead.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** argon2id PHC string of a password. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/**
 * The hash of a random password nobody knows: an account created this way (the demo pharmacy
 * without DEMO_PHARMACY_PASSWORD, an admin from admin:create) is reached by a reset link only.
 */
export function unknownPasswordHash(): Promise<string> {
  return hashPassword(randomBytes(32).toString('base64url'));
}

/** True when the password matches the stored hash; false for a malformed hash too. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/**
 * A hash of a random password, verified against when the account does not exist, so that a
 * login for an unknown address takes as long as one for a known address.
 */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(`decoy-${Math.random()}-${Date.now()}`);
  return decoy;
}

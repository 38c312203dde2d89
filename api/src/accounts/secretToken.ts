import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** sha256 (hex) of a token: what the database keeps instead of the token itself. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A fresh 256-bit URL-safe token and its hash. */
export function newSecretToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

/** A 6-digit second-factor code, uniformly drawn (leading zeros kept). */
export function newLoginCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * Keyed hash of a login code, bound to its login attempt: a bare sha256 of six digits would be
 * reversed in a millisecond by whoever reads the table.
 */
export function hashLoginCode(code: string, challengeId: string, key: string): string {
  return createHmac('sha256', key).update(`${challengeId}:${code}`, 'utf8').digest('hex');
}

/** Constant-time comparison of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const ba = Buffer.from(a, 'hex');
  const bb = Buffer.from(b, 'hex');
  return ba.length === bb.length && ba.length > 0 && timingSafeEqual(ba, bb);
}

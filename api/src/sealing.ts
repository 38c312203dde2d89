import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// AES-256-GCM under a key derived with HKDF-SHA256 from one of the server's secrets (secrets.ts),
// one derivation per purpose: what the database stores encrypted (the mail queue's codes and
// links, the social security numbers) is read only with the secret, never with a copy of the
// database alone.

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The 256-bit key of a purpose (`info`), derived from a secret. */
export function derivedKey(secret: string, info: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'bilan-prevention', info, 32));
}

/** `text` encrypted with a random IV: base64 of IV, tag and cipher text. */
export function sealWith(key: Buffer, text: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

/** The clear text of what sealWith wrote; throws when the key is not the one it was sealed with. */
export function openWith(key: Buffer, sealed: string): string {
  const raw = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}

import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// The codes and links of the account e-mails (login code, address verification, password reset)
// wait in the mail queue encrypted: AES-256-GCM under a key derived with HKDF-SHA256 from
// MAIL_ENCRYPTION_KEY. A copy of the database (or of its WAL) gives no usable code or link; the
// queue opens a message only to hand it to the transport, then deletes its text.

const PREFIX = 'sealed:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** True when a stored text is sealed (the prefix never starts a message we write in clear). */
export function isSealed(text: string): boolean {
  return text.startsWith(PREFIX);
}

export interface Sealer {
  seal(text: string): string;
  /** The clear text of a sealed text; a text in clear is returned as is. Throws when the key is wrong. */
  open(text: string): string;
}

export function mailSealer(secret: string): Sealer {
  const key = Buffer.from(hkdfSync('sha256', secret, 'bilan-prevention', 'mail queue v1', 32));
  return {
    seal(text) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
      return `${PREFIX}${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
    },
    open(text) {
      if (!isSealed(text)) return text;
      const raw = Buffer.from(text.slice(PREFIX.length), 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}

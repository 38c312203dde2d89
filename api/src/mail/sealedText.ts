import { derivedKey, openWith, sealWith } from '../sealing';

// The codes and links of the account e-mails (login code, address verification, password reset)
// wait in the mail queue encrypted: AES-256-GCM under a key derived with HKDF-SHA256 from
// MAIL_ENCRYPTION_KEY. A copy of the database (or of its WAL) gives no usable code or link; the
// queue opens a message only to hand it to the transport, then deletes its text.

const PREFIX = 'sealed:v1:';

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
  const key = derivedKey(secret, 'mail queue v1');
  return {
    seal: (text) => `${PREFIX}${sealWith(key, text)}`,
    open: (text) => (isSealed(text) ? openWith(key, text.slice(PREFIX.length)) : text),
  };
}

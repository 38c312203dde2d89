import { createHmac } from 'node:crypto';
import { derivedKey, openWith, sealWith } from '../sealing';

// Social security numbers are stored encrypted (issue 30): AES-256-GCM under a key derived from
// SSN_ENCRYPTION_KEY, the key's id written beside it, `ssn:v1:<key id>:<base64>`. A copy of the
// database alone reveals none. Rotation: the new key in SSN_ENCRYPTION_KEY, the old one in
// SSN_ENCRYPTION_KEY_PREVIOUS; the start seals again under the new key every number it can open
// (sealSocialSecurityNumbers.ts), after which the old key can go.

const PREFIX = 'ssn:v1:';
const LIKE_ANY = '%';

/** A key's id: not the key, enough to tell which key sealed a number. */
function keyIdOf(secret: string): string {
  return createHmac('sha256', secret).update('social security number key id').digest('hex').slice(0, 12);
}

export interface SsnSealer {
  /** The id of the current key: what a number sealed under it starts with, after the prefix. */
  readonly keyId: string;
  /** The stored form of a number: sealed under the current key. */
  seal(ssn: string): string;
  /** The number of a stored value: sealed under the current or the previous key, or in clear (stored before). */
  open(stored: string): string;
  /** Whether a stored value is sealed under the current key. */
  isCurrent(stored: string): boolean;
  /** The SQL LIKE pattern of the values sealed under the current key. */
  readonly currentPattern: string;
}

/** The sealer of the configured keys (SSN_ENCRYPTION_KEY, and SSN_ENCRYPTION_KEY_PREVIOUS during a rotation). */
export function ssnSealerOf(config: { ssnEncryptionKey: string; ssnEncryptionKeyPrevious: string | null }): SsnSealer {
  return ssnSealer(config.ssnEncryptionKey, config.ssnEncryptionKeyPrevious);
}

export function ssnSealer(secret: string, previous: string | null = null): SsnSealer {
  const keys = new Map<string, Buffer>();
  for (const s of previous ? [previous, secret] : [secret])
    keys.set(keyIdOf(s), derivedKey(s, 'social security number v1'));
  const keyId = keyIdOf(secret);
  const current = keys.get(keyId) as Buffer;
  const sealedPrefix = [PREFIX + keyId, ''].join(':');
  return {
    keyId,
    seal: (ssn) => `${sealedPrefix}${sealWith(current, ssn)}`,
    open(stored) {
      if (!stored.startsWith(PREFIX)) return stored;
      const [id = '', body = ''] = stored.slice(PREFIX.length).split(':');
      const key = keys.get(id);
      if (!key) throw new Error(`social security number sealed under an unknown key (${id})`);
      return openWith(key, body);
    },
    isCurrent: (stored) => stored.startsWith(sealedPrefix),
    // LIKE's wildcard after the prefix (apart: the typography check would read "...%" as a percentage).
    currentPattern: sealedPrefix + LIKE_ANY,
  };
}

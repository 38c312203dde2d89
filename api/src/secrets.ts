// The server's secrets, one per purpose, so that rotating one invalidates only what it protects:
// JWT_SECRET signs the tokens (patients, second factor, staff), CODE_HASH_KEY keys the hashes of
// the e-mailed login codes, ALTCHA_HMAC_KEY signs the bot-check challenges, MAIL_ENCRYPTION_KEY
// encrypts the codes and links waiting in the mail queue, SSN_ENCRYPTION_KEY the patients' social
// security numbers. Each is read from the environment, or
// generated once into DATA_DIR (mode 600 in a 700 folder) so that a first run works and a
// deployment that sets only the older variables keeps working.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import { privateDir, privateFile } from './privateFiles';
import type { EnvName } from './environment';

export interface Secrets {
  jwtSecret: string;
  altchaHmacKey: string;
  codeHashKey: string;
  mailEncryptionKey: string;
  ssnEncryptionKey: string;
}

/** Each secret: its variable and the file it is generated into when the variable is unset. */
export const SECRETS: readonly { key: keyof Secrets; env: EnvName; file: string }[] = [
  { key: 'jwtSecret', env: 'JWT_SECRET', file: 'jwt-secret' },
  { key: 'altchaHmacKey', env: 'ALTCHA_HMAC_KEY', file: 'altcha-hmac-key' },
  { key: 'codeHashKey', env: 'CODE_HASH_KEY', file: 'code-hash-key' },
  { key: 'mailEncryptionKey', env: 'MAIL_ENCRYPTION_KEY', file: 'mail-encryption-key' },
  { key: 'ssnEncryptionKey', env: 'SSN_ENCRYPTION_KEY', file: 'ssn-encryption-key' },
];

const MIN_LENGTH = 32;

/** The secrets given in the environment, and the problems of those too short. */
export function secretsFromEnv(text: (name: EnvName) => string | null): {
  given: Partial<Secrets>;
  problems: string[];
} {
  const given: Partial<Secrets> = {};
  const problems: string[] = [];
  for (const s of SECRETS) {
    const value = text(s.env);
    if (value === null) continue;
    if (value.length < MIN_LENGTH)
      problems.push(
        `${s.env} : au moins ${MIN_LENGTH} caractères attendus (${s.env} must be at least ${MIN_LENGTH} characters)`,
      );
    else given[s.key] = value;
  }
  return { given, problems };
}

/** A secret kept in a file readable by its owner only, generated the first time. */
function persistedSecret(file: string): string {
  if (existsSync(file)) {
    const value = readFileSync(file, 'utf8').trim();
    if (value.length >= MIN_LENGTH) {
      privateFile(file);
      return value;
    }
  }
  privateDir(dirname(file));
  const value = randomBytes(48).toString('base64url');
  writeFileSync(file, `${value}\n`, { mode: 0o600 });
  privateFile(file);
  return value;
}

/** Fills the secrets not set yet (by the caller or the environment) from their files in dataDir. */
export function completeSecrets(target: Secrets, given: Partial<Secrets>, dataDir: string): void {
  for (const s of SECRETS) {
    if (!target[s.key]) target[s.key] = given[s.key] ?? persistedSecret(resolve(dataDir, s.file));
  }
}

import { searchFold } from '../shared/text/searchFold';
import { createHmac } from 'node:crypto';
import { derivedKey } from '../sealing';
import { ssnSealer } from '../patient';

// Who an act is for, compared without revealing it (issue 40, D44): keyed hashes (HMAC-SHA256)
// of the social security number and of the folded name and birth date, under a key derived with
// HKDF from SSN_ENCRYPTION_KEY, the secret that already protects the same fact (who the patient
// is). So it is carried sealed in `pnpm backup` with the other keys, and rotated with
// SSN_ENCRYPTION_KEY_PREVIOUS: the start makes the hashes again under the new key
// (acts/rehashActs.ts); meanwhile the check compares under both. The pharmacy's id is hashed
// too: the same person at two pharmacies gives two unrelated keys (D18).

/** The facts an act's person is recognised by. */
export interface Person {
  lastName: string;
  firstName: string;
  /** YYYY-MM-DD */
  birthDate: string;
  /** In clear (opened), without spaces; null when none was given. */
  socialSecurityNumber: string | null;
}

/**
 * A name as the act's check compares it: without accents, ligatures, case, spaces, hyphens,
 * apostrophes or dots, so that « Lefèvre », « LEFEVRE » and « le fèvre » are one name, as are
 * « Jean-Luc » and « jean luc ».
 */
function foldName(text: string): string {
  // The dashboard's search folding, then without its spaces.
  return searchFold(text).replaceAll(' ', '');
}

/** The hashes of one person at one pharmacy under one key. */
export interface PersonKeys {
  keyId: string;
  nameKey: string;
  ssnKey: string | null;
  /** The unique index's key: the number's hash when there is one, else the name's. */
  personKey: string;
}

function keysUnder(key: Buffer, keyId: string, pharmacyId: number, person: Person): PersonKeys {
  const mac = (...parts: string[]) => createHmac('sha256', key).update(parts.join('\u0000')).digest('base64url');
  const nameKey = mac(
    'name',
    String(pharmacyId),
    foldName(person.lastName),
    foldName(person.firstName),
    person.birthDate,
  );
  const ssn = person.socialSecurityNumber?.replace(/\s+/g, '').toUpperCase() || null;
  const ssnKey = ssn ? mac('ssn', String(pharmacyId), ssn) : null;
  return { keyId, nameKey, ssnKey, personKey: ssnKey ?? nameKey };
}

export interface PersonKeyring {
  /** The id of the current key (the one of the social security numbers' sealer). */
  readonly keyId: string;
  /** The hashes under the current key: what is stored. */
  current(pharmacyId: number, person: Person): PersonKeys;
  /** The hashes under the current key and, during a rotation, the previous one: what is compared. */
  all(pharmacyId: number, person: Person): PersonKeys[];
}

export function personKeyring(config: {
  ssnEncryptionKey: string;
  ssnEncryptionKeyPrevious: string | null;
}): PersonKeyring {
  const of = (secret: string) => ({
    keyId: ssnSealer(secret).keyId,
    key: derivedKey(secret, 'act person key v1'),
  });
  const current = of(config.ssnEncryptionKey);
  const previous = config.ssnEncryptionKeyPrevious ? of(config.ssnEncryptionKeyPrevious) : null;
  return {
    keyId: current.keyId,
    current: (pharmacyId, person) => keysUnder(current.key, current.keyId, pharmacyId, person),
    all: (pharmacyId, person) =>
      [current, ...(previous ? [previous] : [])].map((k) => keysUnder(k.key, k.keyId, pharmacyId, person)),
  };
}

/**
 * Whether two people are one (issue 40): the same social security number when both have one,
 * otherwise the same folded name, first name and birth date; compared through their hashes.
 */
export function samePerson(mine: PersonKeys[], theirs: { nameKey: string; ssnKey: string | null }): boolean {
  const haveNumber = mine[0]?.ssnKey != null;
  if (haveNumber && theirs.ssnKey !== null) return mine.some((k) => k.ssnKey === theirs.ssnKey);
  return mine.some((k) => k.nameKey === theirs.nameKey);
}

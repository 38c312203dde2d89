import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import type { Config } from '../config';
import { buildTestApp, registerPatient, sameDatabase, TEST_NOW, type TestApp } from '../../test/helpers';
import { sqlGet, sqlRun } from '../../test/sql';
import { ssnSealer } from './ssnSealer';

// Issue 30, point 6: social security numbers are encrypted in the database, under a key of their
// own (SSN_ENCRYPTION_KEY); numbers stored in clear before are sealed at start, and a rotation
// (the old key in SSN_ENCRYPTION_KEY_PREVIOUS) seals every number again under the new key.

const KEY_A = 'ssn-key-a-long-enough-0123456789abcdefghij';
const KEY_B = 'ssn-key-b-long-enough-0123456789abcdefghij';
const KEY_C = 'ssn-key-c-long-enough-0123456789abcdefghij';
const SSN = '278057512345675';

let t: TestApp;
afterEach(async () => {
  await t.close();
});

const storedSsn = async (app: FastifyInstance, id: number) =>
  ((await sqlGet(app, 'SELECT social_security_number AS ssn FROM patients WHERE id = ?', id)) as { ssn: string }).ssn;

/** Another server on the same database with these keys: its start seals what it must. */
async function restartWith(keys: Partial<Config>): Promise<FastifyInstance> {
  return buildApp({ config: { ...t.config, ...sameDatabase(t.config), ...keys }, clock: () => TEST_NOW });
}

describe('a social security number', () => {
  it('is stored sealed under SSN_ENCRYPTION_KEY, never in clear', async () => {
    t = await buildTestApp({ config: { ssnEncryptionKey: KEY_A } });
    const { userId } = await registerPatient(t, { numero_securite_sociale: '2 78 05 75 123 456 75' });
    const stored = await storedSsn(t.app, userId);
    expect(stored).toMatch(new RegExp(`^ssn:v1:${ssnSealer(KEY_A).keyId}:`));
    expect(stored).not.toContain(SSN);
    expect(ssnSealer(KEY_A).open(stored)).toBe(SSN);
  });

  it('stored in clear before is sealed at the next start', async () => {
    t = await buildTestApp({ config: { ssnEncryptionKey: KEY_A } });
    const { userId } = await registerPatient(t);
    await sqlRun(t.app, 'UPDATE patients SET social_security_number = ? WHERE id = ?', SSN, userId);
    const next = await restartWith({ ssnEncryptionKey: KEY_A });
    try {
      const stored = await storedSsn(next, userId);
      expect(stored).toMatch(/^ssn:v1:/);
      expect(ssnSealer(KEY_A).open(stored)).toBe(SSN);
    } finally {
      await next.close();
    }
  });

  it('is sealed again under the new key when the keys rotate, and left as it is under an unknown key', async () => {
    t = await buildTestApp({ config: { ssnEncryptionKey: KEY_A } });
    const { userId } = await registerPatient(t, { numero_securite_sociale: SSN });
    const underA = await storedSsn(t.app, userId);

    // Rotation: the new key, and the old one beside it for this start.
    const rotated = await restartWith({ ssnEncryptionKey: KEY_B, ssnEncryptionKeyPrevious: KEY_A });
    let underB: string;
    try {
      underB = await storedSsn(rotated, userId);
    } finally {
      await rotated.close();
    }
    expect(underB).not.toBe(underA);
    expect(ssnSealer(KEY_B).isCurrent(underB)).toBe(true);
    expect(ssnSealer(KEY_B).open(underB)).toBe(SSN);
    // The old key can go: the new one alone opens every number.
    expect(() => ssnSealer(KEY_A).open(underB)).toThrow();

    // A start with a key that opens nothing stored starts all the same and changes nothing.
    const lost = await restartWith({ ssnEncryptionKey: KEY_C, ssnEncryptionKeyPrevious: null });
    try {
      expect(await storedSsn(lost, userId)).toBe(underB);
      // New numbers are sealed under the key it has.
      const other = await lost.inject({ method: 'GET', url: '/api/health' });
      expect(other.statusCode).toBe(200);
    } finally {
      await lost.close();
    }
  });
});

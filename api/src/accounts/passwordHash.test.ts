import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwordHash';

describe('hashPassword', () => {
  it('produces argon2id with 19 MiB and 2 passes, verified only by the right password', async () => {
    const h = await hashPassword('une phrase assez longue');
    expect(h).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(h, 'une phrase assez longue')).toBe(true);
    expect(await verifyPassword(h, 'une phrase assez longuE')).toBe(false);
  });
  it('salts each hash', async () => {
    expect(await hashPassword('même mot de passe')).not.toBe(await hashPassword('même mot de passe'));
  });
  it('answers false for a malformed stored hash', async () => {
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { checkPassword } from './passwordPolicy';

describe('checkPassword', () => {
  it('accepts 12 and 128 characters', () => {
    expect([...'Vélo-rouge-7'].length).toBe(12);
    expect(checkPassword('Vélo-rouge-7')).toBeNull();
    expect(checkPassword('k'.repeat(60) + 'Zq'.repeat(34))).toBeNull();
    expect([...('k'.repeat(60) + 'Zq'.repeat(34))].length).toBe(128);
  });
  it('refuses 11 and 129 characters with a French reason', () => {
    expect(checkPassword('abcdefgh12!')?.code).toBe('password_too_short');
    expect(checkPassword('abcdefgh12!')?.message).toMatch(/au moins 12 caractères/);
    const long = 'k'.repeat(61) + 'Zq'.repeat(34);
    expect(long.length).toBe(129);
    expect(checkPassword(long)?.code).toBe('password_too_long');
  });
  it('counts characters, not UTF-16 units', () => {
    expect(checkPassword('🙂'.repeat(6) + 'abcdef')).toBeNull();
    expect(checkPassword('🙂'.repeat(5) + 'abcdef')?.code).toBe('password_too_short');
  });
  it('refuses common passwords whatever their case', () => {
    for (const p of ['motdepasse123', 'Azertyuiop123', 'PASSWORD1234', 'qwertyuiopasdfghjkl', '123456789012']) {
      const problem = checkPassword(p);
      expect(problem?.code, p).toBe('password_common');
      expect(problem?.message).toMatch(/plus courants/);
    }
  });
  it('refuses one repeated character', () => {
    expect(checkPassword('x'.repeat(40))?.code).toBe('password_common');
  });
});

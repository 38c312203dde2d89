import { describe, expect, it } from 'vitest';
import { hashLoginCode, hashToken, newLoginCode, newSecretToken, sameDigest } from './secretToken';

describe('secret tokens', () => {
  it('carry 256 random bits and are stored as their sha256', () => {
    const a = newSecretToken();
    const b = newSecretToken();
    expect(Buffer.from(a.token, 'base64url').length).toBe(32);
    expect(a.token).not.toBe(b.token);
    expect(a.hash).toBe(hashToken(a.token));
    expect(a.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(a.hash).not.toContain(a.token);
  });
  it('login codes are six digits', () => {
    for (let i = 0; i < 200; i++) expect(newLoginCode()).toMatch(/^\d{6}$/);
  });
  it('code hashes depend on the key and the login attempt', () => {
    const h = hashLoginCode('123456', 'c1', 'k');
    expect(sameDigest(h, hashLoginCode('123456', 'c1', 'k'))).toBe(true);
    expect(sameDigest(h, hashLoginCode('123456', 'c2', 'k'))).toBe(false);
    expect(sameDigest(h, hashLoginCode('123456', 'c1', 'other'))).toBe(false);
    expect(sameDigest(h, hashLoginCode('123457', 'c1', 'k'))).toBe(false);
    expect(sameDigest(h, '')).toBe(false);
  });
});

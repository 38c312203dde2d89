import { describe, expect, it } from 'vitest';
import { ssnSealer } from './ssnSealer';

const A = 'ssn-key-a-long-enough-0123456789abcdefghij';
const B = 'ssn-key-b-long-enough-0123456789abcdefghij';
const SSN = '278057512345675';

describe('ssnSealer', () => {
  it('seals a number under the current key, with that key’s id, differently each time', () => {
    const sealer = ssnSealer(A);
    const one = sealer.seal(SSN);
    expect(one).toMatch(new RegExp(`^ssn:v1:${sealer.keyId}:[A-Za-z0-9+/=]+$`));
    expect(one).not.toContain(SSN);
    expect(sealer.seal(SSN)).not.toBe(one);
    expect(sealer.open(one)).toBe(SSN);
    expect(sealer.isCurrent(one)).toBe(true);
  });

  it('opens a number of the previous key during a rotation, and one stored in clear before', () => {
    const old = ssnSealer(A).seal(SSN);
    const rotating = ssnSealer(B, A);
    expect(rotating.isCurrent(old)).toBe(false);
    expect(rotating.open(old)).toBe(SSN);
    expect(rotating.isCurrent(rotating.seal(SSN))).toBe(true);
    expect(rotating.open(SSN)).toBe(SSN);
  });

  it('refuses a number sealed under a key it does not have, or altered', () => {
    const old = ssnSealer(A).seal(SSN);
    expect(() => ssnSealer(B).open(old)).toThrow(/unknown key/);
    const altered = old.slice(0, -4) + (old.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect(() => ssnSealer(A).open(altered)).toThrow();
  });
});

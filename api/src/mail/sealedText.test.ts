import { describe, expect, it } from 'vitest';
import { isSealed, mailSealer } from './sealedText';

describe('mailSealer', () => {
  const text = 'Votre code de vérification est\u00a0: 123456';

  it('seals a text that only the same key opens, differently each time', () => {
    const sealer = mailSealer('m'.repeat(32));
    const a = sealer.seal(text);
    const b = sealer.seal(text);
    expect(isSealed(a)).toBe(true);
    expect(a).not.toBe(b);
    expect(a).not.toContain('123456');
    expect(sealer.open(a)).toBe(text);
    expect(() => mailSealer('n'.repeat(32)).open(a)).toThrow();
  });

  it('refuses a tampered text, and opens a text in clear as it is', () => {
    const sealer = mailSealer('m'.repeat(32));
    const sealed = sealer.seal(text);
    const last = sealed.at(-2) === 'A' ? 'B' : 'A';
    expect(() => sealer.open(`${sealed.slice(0, -2)}${last}${sealed.at(-1) ?? ''}`)).toThrow();
    expect(sealer.open('en clair')).toBe('en clair');
  });
});

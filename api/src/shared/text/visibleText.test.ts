import { describe, expect, it } from 'vitest';
import { visibleStrings, withoutInvisible } from './visibleText';

describe('withoutInvisible', () => {
  it('removes every format character: bidirectional controls, zero-width characters, tags', () => {
    expect(withoutInvisible('photo\u202egnp.exe')).toBe('photognp.exe');
    expect(
      withoutInvisible(
        '\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069a\u200b\u200c\u200d\u2060\ufeffb\u{e0041}',
      ),
    ).toBe('ab');
    expect(withoutInvisible('Zoé Lefèvre, 😀')).toBe('Zoé Lefèvre, 😀');
  });
});

describe('visibleStrings', () => {
  it('cleans every string and key of plain objects and arrays, and keeps other values', () => {
    const buffer = Buffer.from('\u202e');
    const date = new Date(0);
    const cleaned = visibleStrings({
      nom: 'Le\u202efèvre',
      list: [{ text: ['a\u2066b'], n: 3, ok: true, none: null }],
      ['k\u200b']: buffer,
      date,
    });
    expect(cleaned).toEqual({ nom: 'Lefèvre', list: [{ text: ['ab'], n: 3, ok: true, none: null }], k: buffer, date });
    expect((cleaned as unknown as Record<string, unknown>).k).toBe(buffer);
  });
});

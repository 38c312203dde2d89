import { describe, expect, it } from 'vitest';
import { canonicalJson, digest } from './canonical';

describe('canonicalJson', () => {
  it('reads the same value the same way, whatever the order of keys or the layout', () => {
    const a = JSON.parse('{ "b": [1, { "y": 2, "x": "é" }], "a": true }') as unknown;
    const b = JSON.parse('{"a":true,\n  "b":[1,{"x":"é","y":2}]}') as unknown;
    expect(canonicalJson(a)).toBe('{"a":true,"b":[1,{"x":"é","y":2}]}');
    expect(digest(a)).toBe(digest(b));
  });

  it('keeps what changes the meaning: array order, and strings as written', () => {
    expect(digest(['Oui', 'Non'])).not.toBe(digest(['Non', 'Oui']));
    expect(digest('\u00e9')).not.toBe(digest('e\u0301'));
    expect(digest({ a: 1 })).not.toBe(digest({ a: '1' }));
  });
});

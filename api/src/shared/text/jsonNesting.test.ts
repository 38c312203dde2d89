import { describe, expect, it } from 'vitest';
import { jsonNestsDeeperThan, MAX_JSON_NESTING } from './jsonNesting';

const nested = (levels: number, inner = '') => '['.repeat(levels) + inner + ']'.repeat(levels);

describe('jsonNestsDeeperThan', () => {
  it('counts arrays and objects opened inside one another', () => {
    expect(jsonNestsDeeperThan(nested(32), 32)).toBe(false);
    expect(jsonNestsDeeperThan(nested(33), 32)).toBe(true);
    expect(jsonNestsDeeperThan('{"a":{"b":[{"c":1}]}}', 4)).toBe(false);
    expect(jsonNestsDeeperThan('{"a":{"b":[{"c":1}]}}', 3)).toBe(true);
  });

  it('counts depth, not brackets: many siblings are shallow', () => {
    const wide = `[${Array.from({ length: 10_000 }, () => '[{}]').join(',')}]`;
    expect(jsonNestsDeeperThan(wide, 3)).toBe(false);
    expect(jsonNestsDeeperThan(wide, 2)).toBe(true);
  });

  it('reads brackets inside strings as text, escaped quotes and backslashes included', () => {
    expect(jsonNestsDeeperThan(JSON.stringify({ t: '[[[[[[{{{{' }), 1)).toBe(false);
    expect(jsonNestsDeeperThan(JSON.stringify({ t: 'a "quoted" [[[[ text' }), 1)).toBe(false);
    expect(jsonNestsDeeperThan(JSON.stringify({ t: 'ends with a backslash \\' }) + '[[', 1)).toBe(true);
    expect(jsonNestsDeeperThan(JSON.stringify({ t: 'ends with a backslash \\', u: '[[[' }), 1)).toBe(false);
  });

  it('stops at the first level too deep: a megabyte of brackets costs no more than its first levels', () => {
    const attack = `{"token":[${Array.from({ length: 250 }, () => nested(2000)).join(',')}]}`;
    expect(attack.length).toBeGreaterThan(1_000_000);
    expect(jsonNestsDeeperThan(attack, MAX_JSON_NESTING)).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { closestName } from './closestName';

describe('closestName', () => {
  it('finds the name a typo meant: a letter added, dropped, changed, or two swapped', () => {
    const keys = ['hasChildren', 'children', 'gender', 'label', 'visibleWhen'];
    expect(closestName('hasChildrens', keys)).toBe('hasChildren');
    expect(closestName('gendr', keys)).toBe('gender');
    expect(closestName('lable', keys)).toBe('label');
    expect(closestName('visiblewhen', keys)).toBe('visibleWhen');
  });

  it('suggests nothing when no name is near, and never the name itself', () => {
    expect(closestName('smoking', ['hasChildren', 'gender'])).toBeUndefined();
    expect(closestName('gender', ['gender'])).toBeUndefined();
    // Short names allow one edit only: "key" is not "kind".
    expect(closestName('kid', ['kind', 'key'])).toBe('kind');
    expect(closestName('ab', ['xy'])).toBeUndefined();
  });

  it('prefers the nearest, then the first in alphabetical order', () => {
    expect(closestName('tex', ['text', 'textarea'])).toBe('text');
    expect(closestName('bat', ['cat', 'bar'])).toBe('bar');
  });
});

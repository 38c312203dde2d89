import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { recentCopies } from './recentCopies';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

it('gives a copy once, and only the latest of its key', () => {
  const copies = recentCopies<string>();
  copies.keep(1, 'première lecture');
  copies.keep(1, 'seconde lecture');
  expect(copies.take(1)).toBe('seconde lecture');
  expect(copies.take(1)).toBeUndefined();
  expect(copies.take(2)).toBeUndefined();
});

it('forgets a copy older than its life, even before the sweep', () => {
  const copies = recentCopies<string>(5_000);
  copies.keep(1, 'ancienne');
  vi.advanceTimersByTime(4_999);
  copies.keep(2, 'récente');
  expect(copies.take(1)).toBe('ancienne');
  copies.keep(1, 'ancienne');
  vi.advanceTimersByTime(5_001);
  expect(copies.take(1)).toBeUndefined();
});

it('keeps no more than `most` copies, the oldest leaving first', () => {
  const copies = recentCopies<number>(5_000, 3);
  for (const key of [1, 2, 3, 4]) copies.keep(key, key * 10);
  expect([1, 2, 3, 4].map((key) => copies.take(key))).toEqual([undefined, 20, 30, 40]);
});

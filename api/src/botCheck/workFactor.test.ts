import { describe, expect, it } from 'vitest';
import { WORK_FACTOR_LIMIT, workFactor } from './workFactor';

describe('workFactor', () => {
  it('is 1 for what people do: a few challenges per address, a few registrations per pharmacy and hour', () => {
    expect(workFactor(1, 0)).toBe(1);
    expect(workFactor(10, 10)).toBe(1);
  });

  it('doubles every 10 further challenges of an address within 10 minutes', () => {
    expect([11, 20, 21, 30, 31, 50, 51].map((n) => workFactor(n, 0))).toEqual([2, 2, 4, 4, 8, 16, 32]);
  });

  it('doubles every 5 further registrations at the pharmacy within the hour', () => {
    expect([11, 15, 16, 20, 21, 40].map((n) => workFactor(1, n))).toEqual([2, 2, 4, 4, 8, 64]);
  });

  it('takes the larger of the two, never more than its limit', () => {
    expect(workFactor(25, 16)).toBe(4);
    expect(workFactor(10_000, 10_000)).toBe(WORK_FACTOR_LIMIT);
  });
});

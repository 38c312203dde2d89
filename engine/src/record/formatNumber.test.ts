import { describe, expect, it } from 'vitest';
import { formatNumber, THOUSANDS_SEPARATOR } from './formatNumber';

describe('formatNumber', () => {
  it('writes a decimal comma and drops trailing zeros', () => {
    expect(formatNumber(70.5)).toBe('70,5');
    expect(formatNumber(172)).toBe('172');
    expect(formatNumber(1.25)).toBe('1,25');
    expect(formatNumber(3.1)).toBe('3,1');
  });

  it('keeps at most two decimals by default, or the number asked', () => {
    expect(formatNumber(22.4913)).toBe('22,49');
    expect(formatNumber(22.4913, 1)).toBe('22,5');
    expect(formatNumber(0.004)).toBe('0');
  });

  it('groups thousands with a narrow no-break space (U+202F)', () => {
    expect(THOUSANDS_SEPARATOR).toBe('\u202F');
    expect(formatNumber(1000)).toBe('1\u202F000');
    expect(formatNumber(12345.678)).toBe('12\u202F345,68');
    expect(formatNumber(999)).toBe('999');
  });

  it('signs negative numbers, and never prints -0', () => {
    expect(formatNumber(-1234.5)).toBe('-1\u202F234,5');
    expect(formatNumber(-0.001)).toBe('0');
    expect(formatNumber(-0)).toBe('0');
  });

  it('prints what a French reader expects for large numbers, whatever the runtime locale', () => {
    expect(formatNumber(1234567.8)).toBe('1\u202F234\u202F567,8');
  });
});

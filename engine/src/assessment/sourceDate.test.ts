import { describe, expect, it } from 'vitest';
import { frenchSourceDate, parseSourceDate } from './sourceDate';

describe('source dates', () => {
  it('reads a year, a month or a day, as precise as the text', () => {
    expect(parseSourceDate('2019')).toEqual({ year: 2019 });
    expect(parseSourceDate('2025-05')).toEqual({ year: 2025, month: 5 });
    expect(parseSourceDate('2025-12-09')).toEqual({ year: 2025, month: 12, day: 9 });
    expect(parseSourceDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
  });

  it('refuses what is not a real date', () => {
    for (const bad of [
      '',
      '25',
      '2025-13',
      '2025-00',
      '2025-02-29',
      '2025-04-31',
      '1850',
      '9 décembre 2025',
      '2025-5',
      2025,
      undefined,
    ]) {
      expect(parseSourceDate(bad), String(bad)).toBeNull();
    }
  });

  it('writes it in French, as a reviewer reads it', () => {
    expect(frenchSourceDate('2019')).toBe('2019');
    expect(frenchSourceDate('2025-05')).toBe('mai\u00a02025');
    expect(frenchSourceDate('2025-12-09')).toBe('9\u00a0décembre\u00a02025');
    expect(frenchSourceDate('2025-03-01')).toBe('1er\u00a0mars\u00a02025');
  });
});

import { describe, expect, it } from 'vitest';
import { lastMonths, parisDay, parisMonth } from './parisDate';

describe('Paris days and months', () => {
  it('puts a form sent at 00:30 Paris time on the 1st in the new month', () => {
    expect(parisDay(new Date('2026-02-28T23:30:00.000Z'))).toBe('2026-03-01');
    expect(parisMonth(new Date('2026-02-28T23:30:00.000Z'))).toBe('2026-03');
    // Summer time: UTC+2.
    expect(parisDay(new Date('2026-07-31T22:30:00.000Z'))).toBe('2026-08-01');
    expect(parisDay(new Date('2026-07-31T21:30:00.000Z'))).toBe('2026-07-31');
  });
  it('lists the last 12 months across a year boundary, oldest first', () => {
    const months = lastMonths(new Date('2026-02-10T12:00:00.000Z'), 12);
    expect(months).toHaveLength(12);
    expect(months[0]).toBe('2025-03');
    expect(months.slice(-3)).toEqual(['2025-12', '2026-01', '2026-02']);
  });
});

import { describe, expect, it } from 'vitest';
import { lastMonths, nextDay, nextMonth, parisDay, parisDayStart, parisMonth } from './parisDate';

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
  it('starts a Paris day at its midnight, in winter and summer time and on the days the clocks change', () => {
    expect(parisDayStart('2026-01-15').toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(parisDayStart('2026-07-01').toISOString()).toBe('2026-06-30T22:00:00.000Z');
    // 29 March 2026: clocks go forward at 2 a.m., after midnight (UTC+1); the next day starts at UTC+2.
    expect(parisDayStart('2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(parisDayStart('2026-03-30').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(parisDayStart('2026-10-25').toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(parisDayStart('2026-10-26').toISOString()).toBe('2026-10-25T23:00:00.000Z');
    expect(parisDay(parisDayStart('2026-10-26'))).toBe('2026-10-26');
    expect(parisDay(new Date(parisDayStart('2026-10-26').getTime() - 1))).toBe('2026-10-25');
  });
  it('steps to the next day and month across month and year ends', () => {
    expect(nextDay('2026-02-28')).toBe('2026-03-01');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(nextMonth('2026-12')).toBe('2027-01');
    expect(nextMonth('2026-01')).toBe('2026-02');
  });
});

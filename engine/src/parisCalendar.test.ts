import { describe, expect, it } from 'vitest';
import { paris } from './parisCalendar';

describe('the Paris calendar', () => {
  it('is already the next day in Paris late in the UTC evening, in winter and in summer time', () => {
    expect(paris.date(new Date('2026-03-14T23:30:00Z'))).toEqual({ year: 2026, month: 3, day: 15 });
    expect(paris.date(new Date('2026-03-14T22:59:00Z'))).toEqual({ year: 2026, month: 3, day: 14 });
    expect(paris.date(new Date('2026-07-14T21:59:00Z'))).toEqual({ year: 2026, month: 7, day: 14 });
    expect(paris.date(new Date('2026-07-14T22:00:00Z'))).toEqual({ year: 2026, month: 7, day: 15 });
    expect(paris.isoDay(new Date('2026-01-05T10:00:00Z'))).toBe('2026-01-05');
  });

  it('puts a form sent at 00:30 Paris time on the 1st in the new month', () => {
    expect(paris.isoDay(new Date('2026-02-28T23:30:00.000Z'))).toBe('2026-03-01');
    expect(paris.month(new Date('2026-02-28T23:30:00.000Z'))).toBe('2026-03');
    expect(paris.isoDay(new Date('2026-07-31T22:30:00.000Z'))).toBe('2026-08-01');
    expect(paris.isoDay(new Date('2026-07-31T21:30:00.000Z'))).toBe('2026-07-31');
  });

  it('lists the last 12 months across a year boundary, oldest first', () => {
    const months = paris.lastMonths(new Date('2026-02-10T12:00:00.000Z'), 12);
    expect(months).toHaveLength(12);
    expect(months[0]).toBe('2025-03');
    expect(months.slice(-3)).toEqual(['2025-12', '2026-01', '2026-02']);
  });

  it('starts a Paris day at its midnight, in winter and summer time and on the days the clocks change', () => {
    expect(paris.dayStart('2026-01-15').toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(paris.dayStart('2026-07-01').toISOString()).toBe('2026-06-30T22:00:00.000Z');
    // 29 March 2026: clocks go forward at 2 a.m., after midnight (UTC+1); the next day starts at UTC+2.
    expect(paris.dayStart('2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(paris.dayStart('2026-03-30').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(paris.dayStart('2026-10-25').toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(paris.dayStart('2026-10-26').toISOString()).toBe('2026-10-25T23:00:00.000Z');
    expect(paris.isoDay(paris.dayStart('2026-10-26'))).toBe('2026-10-26');
    expect(paris.isoDay(new Date(paris.dayStart('2026-10-26').getTime() - 1))).toBe('2026-10-25');
  });

  it('steps to the next day and month across month and year ends', () => {
    expect(paris.nextDay('2026-02-28')).toBe('2026-03-01');
    expect(paris.nextDay('2028-02-28')).toBe('2028-02-29');
    expect(paris.nextDay('2026-12-31')).toBe('2027-01-01');
    expect(paris.nextMonth('2026-12')).toBe('2027-01');
    expect(paris.nextMonth('2026-01')).toBe('2026-02');
  });

  it('writes dates in French without the device’s French locale data, in Paris time', () => {
    // 23:30 UTC on the last day of February is 1 March in Paris.
    const march1 = new Date('2026-02-28T23:30:00Z');
    expect(paris.frenchDate(march1)).toBe('1er\u00a0mars 2026');
    expect(paris.frenchDate('2026-11-22T13:05:00Z')).toBe('22\u00a0novembre 2026');
    expect(paris.frenchDateAndTime('2026-11-22T13:05:00Z')).toBe('22\u00a0novembre 2026 à 14:05');
    expect(paris.frenchDateAndTime('2026-07-14T22:00:00Z')).toBe('15\u00a0juillet 2026 à 00:00');
    expect(paris.numericDate(march1)).toBe('01/03/2026');
    expect(paris.numericDate('1990-04-12')).toBe('12/04/1990');
    expect(paris.numericDateTime('2026-11-22T13:05:00Z')).toBe('22/11/2026 14:05');
    expect(paris.frenchMonth('2026-11')).toBe('novembre 2026');
  });

  it('shows an unreadable value as it came instead of breaking the page that lists it', () => {
    expect(paris.frenchDate('pas une date')).toBe('pas une date');
    expect(paris.numericDateTime('')).toBe('');
    expect(paris.frenchMonth('2026-13')).toBe('2026-13');
  });
});

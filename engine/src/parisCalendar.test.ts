import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
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

describe('paris.wallClock, read from the offset of each UTC hour', () => {
  const icu = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  /** The wall clock as ICU writes it, YYYY-MM-DDTHH:MM:SS. */
  const byIcu = (at: Date) => {
    const p = Object.fromEntries(icu.formatToParts(at).map((x) => [x.type, x.value]));
    return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`;
  };
  const byOffset = (at: Date) => paris.wallClock(at).toISOString().slice(0, 19);

  it('is ICU’s on each side of the clock changes, and before 1980', () => {
    for (const at of [
      '2026-03-29T00:59:59.999Z',
      '2026-03-29T01:00:00Z',
      '2026-10-25T00:59:59.999Z',
      '2026-10-25T01:00:00Z',
      '2026-11-27T23:30:00Z',
      '1976-07-14T12:00:00Z',
    ])
      expect(byOffset(new Date(at)), at).toBe(byIcu(new Date(at)));
    expect(paris.numericDateTime('2026-10-25T00:59:00Z')).toBe('25/10/2026 02:59');
    expect(paris.numericDateTime('2026-10-25T01:00:00Z')).toBe('25/10/2026 02:00');
  });

  it('is ICU’s at any instant from 1980 to 2100 (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1980, 0, 1), max: Date.UTC(2100, 0, 1) }), (ms) => {
        expect(byOffset(new Date(ms))).toBe(byIcu(new Date(ms)));
      }),
      { numRuns: 2000 },
    );
  });
});

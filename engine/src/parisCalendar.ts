// The one calendar of the product (D19): days, months and times as the pharmacy lives them, in
// Europe/Paris whatever the zone of the server or the device, and written in French by our own
// code (Debian's Chromium, some kiosks and tablets carry only en-US locale data, never French; the
// time-zone data is there everywhere). Temporal would do this, but Node 22 has it only behind a
// flag and its polyfill would add about 200 KB to the patient's bundle.

/** A day of the calendar: month 1-12. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

interface ParisInstant extends CalendarDate {
  hour: number;
  minute: number;
}

// Built on first use: a zoned Intl.DateTimeFormat brings in ICU's time-zone data (megabytes of
// resident memory) that a server at rest has no use for.
let partsFormat: Intl.DateTimeFormat | undefined;
let offsetFormat: Intl.DateTimeFormat | undefined;

const MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
] as const;

/** « mars », the name of a month (1-12) as French writes it in a date. */
const monthName = (month: number): string => MONTHS[month - 1] ?? '';

const two = (n: number) => String(n).padStart(2, '0');

/** The Paris time at an instant as ICU reads it: the reference, and the way before 1980. */
function inParisByIcu(date: Date): ParisInstant {
  partsFormat ??= new Intl.DateTimeFormat('en-US', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  });
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const p of partsFormat.formatToParts(date)) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  };
}

// Since 1980 Paris changes its offset only on the hour (01:00 UTC): the offset of each UTC hour,
// asked of ICU once, gives the wall clock of every instant in it by arithmetic. An export of
// 10,000 forms read ICU's parts 40,000 times (a tenth of its time).
const MODERN = Date.UTC(1980, 0, 1);
const HOUR = 3_600_000;
const offsets = new Map<number, number>();

/** Minutes Paris is ahead of UTC during the UTC hour of an instant (since 1980). */
function hourOffset(ms: number): number {
  const hour = Math.floor(ms / HOUR);
  let offset = offsets.get(hour);
  if (offset === undefined) {
    if (offsets.size >= 100_000) offsets.clear();
    offset = offsetMinutes(hour * HOUR);
    offsets.set(hour, offset);
  }
  return offset;
}

/** The Date whose UTC fields are the Paris wall clock at an instant. */
function wallClockOf(date: Date): Date {
  const ms = date.getTime();
  if (ms < MODERN) {
    const p = inParisByIcu(date);
    return new Date(
      Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, date.getUTCSeconds(), date.getUTCMilliseconds()),
    );
  }
  return new Date(ms + hourOffset(ms) * 60_000);
}

function inParis(date: Date): ParisInstant {
  const wall = wallClockOf(date);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
  };
}

/** Minutes Paris is ahead of UTC at an instant ("GMT+01:00" → 60). */
function offsetMinutes(at: number): number {
  offsetFormat ??= new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Paris', timeZoneName: 'longOffset' });
  const name = offsetFormat.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

/** An instant given as a Date or an ISO string (as JSON brings it); null when it is not one. */
function instant(at: Date | string): Date | null {
  const date = typeof at === 'string' ? new Date(at) : at;
  return Number.isNaN(date.getTime()) ? null : date;
}

const frenchDay = ({ year, month, day }: CalendarDate) => `${day === 1 ? '1er' : day}\u00a0${monthName(month)} ${year}`;
const numericDay = ({ year, month, day }: CalendarDate) => `${two(day)}/${two(month)}/${year}`;
const clock = ({ hour, minute }: ParisInstant) => `${two(hour)}:${two(minute)}`;

/** A writer of instants: the Paris time read once, an unreadable value given back as it came. */
function writer(write: (at: ParisInstant) => string): (at: Date | string) => string {
  return (at) => {
    const date = instant(at);
    return date ? write(inParis(date)) : String(at);
  };
}

const isoOf = ({ year, month, day }: CalendarDate) => `${String(year).padStart(4, '0')}-${two(month)}-${two(day)}`;

function parseDay(day: string): CalendarDate {
  const [year, month, d] = day.split('-').map(Number) as [number, number, number];
  return { year, month, day: d };
}

/**
 * Europe/Paris as the product reads and writes it. A form sent at 00:30 on the 1st belongs to
 * the new month; 2026-03-14T23:30:00Z is already 15 March.
 */
export const paris = {
  /** The calendar date at an instant. */
  date(at: Date): CalendarDate {
    const { year, month, day } = inParis(at);
    return { year, month, day };
  },
  /** YYYY-MM-DD at an instant: the day a French person would write. */
  isoDay(at: Date): string {
    return isoOf(inParis(at));
  },
  /**
   * The Date whose UTC fields are the Paris wall clock at an instant: what a spreadsheet, which
   * holds dates without a zone, shows a French reader (a form sent at 23:30 UTC on 14 March is
   * 15/03 00:30).
   */
  wallClock(at: Date): Date {
    return wallClockOf(at);
  },
  /** YYYY-MM at an instant. */
  month(at: Date): string {
    return isoOf(inParis(at)).slice(0, 7);
  },
  /**
   * The instant a day (YYYY-MM-DD) starts. Paris changes its clocks at 2 or 3 a.m., never at
   * midnight, so the offset read at midnight UTC of that date is the one in force at its start.
   */
  dayStart(day: string): Date {
    const { year, month, day: d } = parseDay(day);
    const utcMidnight = Date.UTC(year, month - 1, d);
    return new Date(utcMidnight - offsetMinutes(utcMidnight) * 60_000);
  },
  /** The day after a YYYY-MM-DD day. */
  nextDay(day: string): string {
    const { year, month, day: d } = parseDay(day);
    return new Date(Date.UTC(year, month - 1, d + 1)).toISOString().slice(0, 10);
  },
  /** The month after a YYYY-MM month. */
  nextMonth(month: string): string {
    const [y, m] = month.split('-').map(Number) as [number, number];
    return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 7);
  },
  /** The `count` months ending with the month of `at`, oldest first (YYYY-MM). */
  lastMonths(at: Date, count: number): string[] {
    const { year, month } = inParis(at);
    const months: string[] = [];
    for (let i = count - 1; i >= 0; i--) {
      const total = year * 12 + (month - 1) - i;
      months.push(`${Math.floor(total / 12)}-${two((total % 12) + 1)}`);
    }
    return months;
  },
  // The writers below take what the API sends (ISO strings) as well as Dates; an unreadable
  // value is shown as it came rather than breaking the page that lists it.
  /** « 22 novembre 2026 », « 1er mars 2026 ». */
  frenchDate: writer(frenchDay),
  /** « 22 novembre 2026 à 14:05 », for a deadline or an event in a sentence. */
  frenchDateAndTime: writer((p) => `${frenchDay(p)} à ${clock(p)}`),
  /** « 22/11/2026 », for a form or a table. */
  numericDate: writer(numericDay),
  /** « 22/11/2026 14:05 », for lists where the hour matters. */
  numericDateTime: writer((p) => `${numericDay(p)} ${clock(p)}`),
  /** « mars », the name of a month (1-12) as French writes it in a date. */
  monthName,
  /** A month (YYYY-MM) in words: « novembre 2026 »; anything else is returned as it came. */
  frenchMonth(month: string): string {
    const [y, m] = month.split('-').map(Number);
    const name = m ? monthName(m) : '';
    return y && name ? `${name} ${y}` : month;
  },
};

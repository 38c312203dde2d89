/**
 * A spreadsheet holds dates without a time zone: what a French reader expects is the Paris wall
 * clock. This gives the Date whose UTC fields are that wall clock, which exceljs writes as the
 * serial number Excel shows as it is (a form sent at 23:30 UTC on 14 March is 15/03 00:30).
 */
const PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

export function parisWallClock(at: Date | string): Date {
  const d = typeof at === 'string' ? new Date(at) : at;
  const p = Object.fromEntries(PARTS.formatToParts(d).map((x) => [x.type, x.value])) as Record<string, string>;
  return new Date(Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!));
}

/** A calendar day (YYYY-MM-DD, a birth date) as a spreadsheet date: midnight of that day. */
export function calendarDay(day: string): Date | string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return m ? new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!)) : day;
}

/** Excel's formats for those dates, as a French reader writes them. */
export const DAY_FORMAT = 'dd/mm/yyyy';
export const DAY_TIME_FORMAT = 'dd/mm/yyyy hh:mm';

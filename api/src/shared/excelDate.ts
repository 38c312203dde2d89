import { paris } from '@bilan/engine';

/**
 * A spreadsheet holds dates without a time zone: what a French reader expects is the Paris wall
 * clock. This gives the Date whose UTC fields are that wall clock, which exceljs writes as the
 * serial number Excel shows as it is (a form sent at 23:30 UTC on 14 March is 15/03 00:30).
 */
export function parisWallClock(at: Date | string): Date {
  const wall = paris.wallClock(typeof at === 'string' ? new Date(at) : at);
  // To the second, as the spreadsheet's format shows it.
  return new Date(Math.floor(wall.getTime() / 1000) * 1000);
}

/** A calendar day (YYYY-MM-DD, a birth date) as a spreadsheet date: midnight of that day. */
export function calendarDay(day: string): Date | string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return m ? new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!)) : day;
}

/** Excel's formats for those dates, as a French reader writes them. */
export const DAY_FORMAT = 'dd/mm/yyyy';
export const DAY_TIME_FORMAT = 'dd/mm/yyyy hh:mm';

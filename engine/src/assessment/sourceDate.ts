import { paris } from '../parisCalendar';

// The date of a rule's public source (issue 16): as precise as the text itself says, a year
// ("2019"), a month ("2025-05") or a day ("2025-12-09"), so that a reviewer finds the very text.

const SHAPE = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/;

export interface SourceDateParts {
  year: number;
  month?: number;
  day?: number;
}

/** The parts of a source date, or null when it is not a real calendar year, month or day. */
export function parseSourceDate(text: unknown): SourceDateParts | null {
  if (typeof text !== 'string') return null;
  const match = SHAPE.exec(text);
  if (!match) return null;
  const year = Number(match[1]);
  if (year < 1900 || year > 2100) return null;
  if (match[2] === undefined) return { year };
  const month = Number(match[2]);
  if (month < 1 || month > 12) return null;
  if (match[3] === undefined) return { year, month };
  const day = Number(match[3]);
  // Days in the month from the calendar itself (UTC: no time zone involved).
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day < 1 || day > daysInMonth) return null;
  return { year, month, day };
}

/** "2019", "mai 2025", "9 décembre 2025" (1er for the first day, as French writes it). */
export function frenchSourceDate(text: string): string {
  const parts = parseSourceDate(text);
  if (!parts) return text;
  const { year, month, day } = parts;
  if (month === undefined) return String(year);
  const monthName = paris.monthName(month);
  if (day === undefined) return `${monthName}\u00a0${year}`;
  return `${day === 1 ? '1er' : day}\u00a0${monthName}\u00a0${year}`;
}

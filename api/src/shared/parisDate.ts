// Days and months as the pharmacy lives them (Europe/Paris), whatever the server's zone: a form
// sent at 00:30 on the 1st belongs to the new month.

// Built on first use: a zoned Intl.DateTimeFormat brings in ICU's locale and time-zone data
// (megabytes of resident memory) that a server at rest has no use for.
let dayFormat: Intl.DateTimeFormat | undefined;

/** YYYY-MM-DD of an instant in Paris. */
export function parisDay(date: Date): string {
  dayFormat ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return dayFormat.format(date);
}

/** YYYY-MM of an instant in Paris. */
export function parisMonth(date: Date): string {
  return parisDay(date).slice(0, 7);
}

/** The `count` months ending with the month of `date`, oldest first (YYYY-MM). */
export function lastMonths(date: Date, count: number): string[] {
  const [y, m] = parisMonth(date).split('-').map(Number) as [number, number];
  const months: string[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const total = y * 12 + (m - 1) - i;
    months.push(`${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`);
  }
  return months;
}

let offsetFormat: Intl.DateTimeFormat | undefined;

/** Minutes Paris is ahead of UTC at an instant ("GMT+01:00" → 60). */
function parisOffsetMinutes(at: number): number {
  offsetFormat ??= new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Paris', timeZoneName: 'longOffset' });
  const name = offsetFormat.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

/**
 * The instant a Paris day (YYYY-MM-DD) starts. Paris changes its clocks at 2 or 3 a.m., never
 * at midnight, so the offset read at midnight UTC of that date is the one in force at its start.
 */
export function parisDayStart(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(y, m - 1, d);
  return new Date(utcMidnight - parisOffsetMinutes(utcMidnight) * 60_000);
}

/** The day after a YYYY-MM-DD day, and the month after a YYYY-MM month. */
export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}
export function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 7);
}

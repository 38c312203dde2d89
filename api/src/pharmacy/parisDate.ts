// Days and months as the pharmacy lives them (Europe/Paris), whatever the server's zone: a form
// sent at 00:30 on the 1st belongs to the new month.

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' });

/** YYYY-MM-DD of an instant in Paris. */
export function parisDay(date: Date): string {
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

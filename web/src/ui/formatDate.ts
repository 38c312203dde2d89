// Dates written in French by our own code: the browser's French locale data is not to be relied on
// (Debian's Chromium, some kiosks and tablets carry only en-US), only its time-zone data.

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
];

const parisParts = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
});

/** Year, month (1-12), day, hour and minute of an instant in Paris. */
function inParis(date: Date) {
  const parts = Object.fromEntries(parisParts.formatToParts(date).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  };
}

const two = (n: number) => String(n).padStart(2, '0');

/** A date as a French reader expects it (e.g. « 22 novembre 2026 », « 1er mars 2026 »), in Paris time. */
export function formatDateFr(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const { year, month, day } = inParis(date);
  return `${day === 1 ? '1er' : day}\u00a0${MONTHS[month - 1] ?? ''} ${year}`;
}

/** Date and time, for lists where the hour matters: « 22/11/2026 14:05 », in Paris time. */
export function formatDateTimeFr(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const { year, month, day, hour, minute } = inParis(date);
  return `${two(day)}/${two(month)}/${year} ${two(hour)}:${two(minute)}`;
}

/** A month (YYYY-MM) in words: « novembre 2026 ». */
export function formatMonthFr(month: string): string {
  const [y, m] = month.split('-').map(Number);
  const name = m ? MONTHS[m - 1] : undefined;
  return y && name ? `${name} ${y}` : month;
}

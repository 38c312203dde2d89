import { paris } from '@bilan/engine';

/** How far back the list of months goes: the default retention of a form (36 months). */
const MONTHS_BACK = 36;

/** `current` (YYYY-MM) and the months before it, newest first, `count` in all. */
export function monthsBack(current: string, count: number): string[] {
  const [y, m] = current.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const index = y * 12 + (m - 1) - i;
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
}

interface Props {
  id: string;
  /** The month chosen (YYYY-MM). */
  value: string;
  /** This month in Paris: the list's first. */
  current: string;
  disabled: boolean;
  onChange: (month: string) => void;
}

/**
 * The dashboard's month, as a list of months named in French (« novembre 2026 »): a browser's
 * own month field speaks the browser's language (« November 2026 » in an English one).
 */
export function MonthSelect({ id, value, current, disabled, onChange }: Props) {
  const months = monthsBack(current, MONTHS_BACK);
  // A month from the address that the list does not hold stays choosable.
  if (value && !months.includes(value)) months.push(value);
  const label = (month: string) => {
    const words = paris.frenchMonth(month);
    return words.charAt(0).toUpperCase() + words.slice(1);
  };
  return (
    <select id={id} value={value || current} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
      {months.map((month) => (
        <option key={month} value={month}>
          {label(month)}
        </option>
      ))}
    </select>
  );
}

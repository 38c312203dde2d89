/** The thousands separator of French typography: a narrow no-break space. */
export const THOUSANDS_SEPARATOR = '\u202F';

/**
 * A number in French notation, the same in every browser and on the server (no locale data
 * involved): decimal comma, at most `fractionDigits` decimals without trailing zeros, groups
 * of three digits separated by a narrow no-break space. 70.5 → "70,5"; 12345.678 → "12 345,68".
 * Not-a-number and infinities, which no stored answer holds, read as JavaScript writes them.
 */
export function formatNumber(value: number, fractionDigits = 2): string {
  if (!Number.isFinite(value)) return String(value);
  const [whole = '0', decimals = ''] = Math.abs(value).toFixed(fractionDigits).split('.');
  const fraction = decimals.replace(/0+$/, '');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, THOUSANDS_SEPARATOR);
  const sign = value < 0 && (whole !== '0' || fraction !== '') ? '-' : '';
  return `${sign}${grouped}${fraction ? `,${fraction}` : ''}`;
}

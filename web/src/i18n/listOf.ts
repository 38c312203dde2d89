import { t } from './translate';

/**
 * Words joined as the patient's language writes a list: "a", "a et b", "a, b et c". Not
 * Intl.ListFormat: a browser with English locale data only would write "a, b, and c" in French.
 */
export function listOf(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? '';
  return t('{first} et {last}', { first: words.slice(0, -1).join(t(', ')), last: words.at(-1) ?? '' });
}

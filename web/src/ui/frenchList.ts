/**
 * Words joined as French writes a list: "a", "a et b", "a, b et c". Not Intl.ListFormat: a
 * browser with English locale data only would write "a, b, and c".
 */
export function frenchList(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} et ${words.at(-1) ?? ''}`;
}

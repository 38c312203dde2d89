/** A word between French guillemets, with their no-break spaces: « Oui ». */
export function quoted(text: string): string {
  return `«\u00a0${text}\u00a0»`;
}

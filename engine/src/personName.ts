/**
 * A person's name as registration takes it: letters of any script with their accents, spaces,
 * apostrophes and hyphens, and at least one letter. Nothing else: no digit, no `:` `/` `@` or
 * other punctuation, so that a name cannot carry a message, an amount or a link into the
 * e-mails and screens that show it (issue 30).
 */
// The apostrophes ’ and ʼ and the hyphens ‐ and ‑ as escapes: a character past U+00FF in the
// server's bundle doubles the memory its whole chunk takes (scripts/build.mjs).
const NAME_CHARACTERS = /^[\p{L}\p{M} '\u2019\u02bc\u2010\u2011-]+$/u;
const LETTER = /\p{L}/u;

export function isPersonName(value: string): boolean {
  return NAME_CHARACTERS.test(value) && LETTER.test(value);
}

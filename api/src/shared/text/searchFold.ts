/**
 * A name as the dashboard's search compares it: lower case, without accents or ligatures, with
 * hyphens and apostrophes as spaces, so "lefevre", "LEFÈVRE" and "Lefèvre" meet, as do
 * "jean pierre" and "Jean-Pierre", "oeillet" and "Œillet". Registered in SQLite as `search_fold`.
 */
export function searchFold(text: string): string {
  // The oe ligature and the typographic apostrophes (U+2019, U+2018, U+02BC) are escaped:
  // esbuild copies a regular expression as written, and one character past U+00FF in a bundled
  // chunk (this one holds the generated definitions) makes V8 keep the chunk's whole source at
  // two bytes a character.
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/\u0153/giu, 'oe')
    .replace(/æ/giu, 'ae')
    .replace(/ß/gu, 'ss')
    .toLowerCase()
    .replace(/[-'\u2019\u2018\u02bc.\s]+/gu, ' ')
    .trim();
}

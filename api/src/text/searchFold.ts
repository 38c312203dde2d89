/**
 * A name as the dashboard's search compares it: lower case, without accents or ligatures, with
 * hyphens and apostrophes as spaces, so "lefevre", "LEFÈVRE" and "Lefèvre" meet, as do
 * "jean pierre" and "Jean-Pierre", "oeillet" and "Œillet". Registered in SQLite as `search_fold`.
 */
export function searchFold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/œ/giu, 'oe')
    .replace(/æ/giu, 'ae')
    .replace(/ß/gu, 'ss')
    .toLowerCase()
    .replace(/[-'’‘ʼ.\s]+/gu, ' ')
    .trim();
}

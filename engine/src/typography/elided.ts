/**
 * « de » before a name, elided as French writes it before a vowel or a mute h: « d’Inès »,
 * « d’Hélène », « de Paul » (issue 34). The typographic apostrophe, as everywhere.
 */
export function deName(name: string): string {
  const first = name.trim().normalize('NFD').charAt(0).toLowerCase();
  return /[aeiouyh]/.test(first) ? `d’${name.trim()}` : `de ${name.trim()}`;
}

/** A piece of a French text: plain words, or a phone number to show as a `tel:` link. */
export interface TextSegment {
  text: string;
  /** The number to dial (digits only, e.g. "116006"), when the segment is a phone number. */
  phone?: string;
}

const SPACES = '[ \\u00a0\\u202f]';

function pattern(phone: string): string {
  return phone
    .split(/[ \u00a0\u202f]+/)
    .map((part) => part.replace(/[^0-9]/g, ''))
    .join(SPACES);
}

/**
 * A text cut around the phone numbers it declares (a notice's or a report rule's `phones`:
 * "3114", "15", "116 006"), so that the questionnaire and the PDFs show each of them as a
 * `tel:` link. A number counts only as a whole: "17" is not found in "2017" nor in "17 000".
 * Only declared numbers are linked, so "15 ans" in another text never becomes a call.
 */
export function textWithPhones(text: string, phones: readonly string[] = []): TextSegment[] {
  const wanted = [...new Set(phones)].filter((p) => /[0-9]/.test(p)).sort((a, b) => b.length - a.length);
  if (wanted.length === 0) return text === '' ? [] : [{ text }];
  const finder = new RegExp(`(?<![0-9])(?:${wanted.map(pattern).join('|')})(?![0-9]|${SPACES}[0-9])`, 'g');
  const segments: TextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(finder)) {
    const start = match.index;
    if (start > last) segments.push({ text: text.slice(last, start) });
    segments.push({ text: match[0], phone: match[0].replace(/[^0-9]/g, '') });
    last = start + match[0].length;
  }
  if (last < text.length) segments.push({ text: text.slice(last) });
  return segments;
}

/** The declared phone numbers a text does not hold as whole numbers (the definitions check refuses them). */
export function phonesNotIn(text: string, phones: readonly string[] | undefined): string[] {
  return (phones ?? []).filter(
    (phone) => !textWithPhones(text, [phone]).some((segment) => segment.phone !== undefined),
  );
}

/** A plausible e-mail address (one @, a dot in the domain, no space): what the forms check before sending. */
export function isEmailAddress(text: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text.trim());
}

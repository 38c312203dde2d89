/** The one spelling of an address the accounts keep and compare: trimmed, lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

import emailMisspelled, { top100 } from 'email-misspelled';

// The library's own list of the most used providers (French ones included: orange.fr, free.fr,
// laposte.net, sfr.fr, wanadoo.fr…), never one of ours.
const check = emailMisspelled({ domains: top100, maxMisspelled: 2 });

/**
 * The address the person most likely meant (« …@gmail.com » for « …@gmial.com »), or null when
 * its domain is a known one or near none. Only an address that looks whole is checked.
 */
export function suggestedEmail(value: string): string | null {
  const email = value.trim();
  const at = email.lastIndexOf('@');
  if (at < 1 || !email.slice(at + 1).includes('.')) return null;
  const domain = email.slice(at + 1).toLowerCase();
  if (top100.includes(domain)) return null;
  const [best] = check(email);
  return best ? `${email.slice(0, at)}@${best.suggest}` : null;
}

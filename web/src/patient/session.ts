// The patient's token lives in sessionStorage: it dies with the tab, and the thank-you page
// removes it (D23), so on a pharmacy's shared tablet the next person never lands in the
// previous one's answers. Key `token` (docs/product.md §3).
const KEY = 'token';

export const patientSession = {
  token(): string | null {
    try {
      return sessionStorage.getItem(KEY);
    } catch {
      return null;
    }
  },
  save(token: string): void {
    sessionStorage.setItem(KEY, token);
  },
  clear(): void {
    try {
      sessionStorage.removeItem(KEY);
    } catch {
      // Storage refused (private mode): there is nothing to remove.
    }
  },
};

// The patient's token lives in sessionStorage: it dies with the tab, so on a pharmacy's shared
// tablet the next person never lands in the previous one's answers. Key `token` (platform.md 3).
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
    sessionStorage.removeItem(KEY);
  },
};

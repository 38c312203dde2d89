// The browser storage items of platform.md section 3. Keys are fixed: the e2e tests and older
// bookmarks rely on `token` holding the staff session.

import type { Answer } from '../api/client';

/** The signed-in staff account (admin or pharmacy), as the login answer's `client` gives it. */
export type StaffAccount = Answer<'get', '/api/auth/me'>['client'];

const KEYS = { token: 'token', client: 'client', tempToken: 'tempToken', pendingEmail: 'pendingEmail' } as const;

export const session = {
  token(): string | null {
    return localStorage.getItem(KEYS.token);
  },
  account(): StaffAccount | null {
    const raw = localStorage.getItem(KEYS.client);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as StaffAccount;
    } catch {
      return null;
    }
  },
  save(token: string, account: StaffAccount): void {
    localStorage.setItem(KEYS.token, token);
    localStorage.setItem(KEYS.client, JSON.stringify(account));
  },
  /** The second-factor step lives for one tab only. */
  saveVerification(tempToken: string, email: string): void {
    sessionStorage.setItem(KEYS.tempToken, tempToken);
    sessionStorage.setItem(KEYS.pendingEmail, email);
  },
  verification(): { tempToken: string; email: string } | null {
    const tempToken = sessionStorage.getItem(KEYS.tempToken);
    const email = sessionStorage.getItem(KEYS.pendingEmail);
    return tempToken && email ? { tempToken, email } : null;
  },
  clearVerification(): void {
    sessionStorage.removeItem(KEYS.tempToken);
    sessionStorage.removeItem(KEYS.pendingEmail);
  },
  /** Everything, as each login attempt and logout start from nothing. */
  clearAll(): void {
    localStorage.removeItem(KEYS.token);
    localStorage.removeItem(KEYS.client);
    session.clearVerification();
  },
};

/** Where a staff member lands after login: admin (any case) → admin dashboard, else its own. */
export function dashboardPath(account: Pick<StaffAccount, 'role' | 'name'>): string {
  return account.role.toLowerCase() === 'admin' ? '/admin/dashboard' : `/${encodeURIComponent(account.name)}/dashboard`;
}

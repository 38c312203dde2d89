// What the browser keeps of a staff login. The session itself is an HttpOnly cookie that no script
// of a page can read (D36): the server sets it at login and ends it at logout. The storage keeps
// only who signed in (the login answer's `client`, nothing secret: the pages' guess, which the
// server's 401 corrects) and, for one tab, the second-factor step.

import type { Answer } from '../api/client';
import { patientMode } from './patientMode';

/** The signed-in staff account (admin or pharmacy), as the login answer's `client` gives it. */
export type StaffAccount = Answer<'get', '/api/auth/me'>['client'];

const KEYS = { client: 'client', tempToken: 'tempToken', pendingEmail: 'pendingEmail' } as const;
/** Where the versions before D36 kept the session token: forgotten wherever it is still found. */
const OLD_TOKEN_KEY = 'token';
localStorage.removeItem(OLD_TOKEN_KEY);

export const session = {
  /** Who signed in on this browser, if anyone (the session cookie proves it to the server). */
  account(): StaffAccount | null {
    const raw = localStorage.getItem(KEYS.client);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as StaffAccount;
    } catch {
      return null;
    }
  },
  save(account: StaffAccount): void {
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
    localStorage.removeItem(OLD_TOKEN_KEY);
    localStorage.removeItem(KEYS.client);
    session.clearVerification();
    patientMode.set(false);
  },
};

/** Where a staff member lands after login: admin (any case) → admin dashboard, else its own. */
export function dashboardPath(account: Pick<StaffAccount, 'role' | 'name'>): string {
  return account.role.toLowerCase() === 'admin' ? '/admin/dashboard' : `/${encodeURIComponent(account.name)}/dashboard`;
}

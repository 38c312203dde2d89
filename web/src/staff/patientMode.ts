// Patient mode (D40) as this browser remembers it, so that a staff address shows the lock before
// the server's answer arrives and the public pages stop offering the login. The server decides:
// the lock is on the session row, and every staff call of a locked session answers 423.

const KEY = 'patientMode';
const listeners = new Set<() => void>();

export const patientMode = {
  /** Whether this browser handed its staff session to a patient (the lock screen's guess). */
  on(): boolean {
    try {
      return localStorage.getItem(KEY) === '1';
    } catch {
      return false;
    }
  },
  set(on: boolean): void {
    if (on) localStorage.setItem(KEY, '1');
    else localStorage.removeItem(KEY);
    listeners.forEach((listener) => listener());
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

// D9: messages live in a store above the router, so a message raised by a background send
// still shows after the page that started it is gone. Errors stay until dismissed or resolved;
// information hides after INFO_TIMEOUT_MS.

export type NotificationKind = 'error' | 'info';

export interface Notification {
  id: number;
  kind: NotificationKind;
  text: string;
}

export const INFO_TIMEOUT_MS = 3000;

type Listener = () => void;

let items: readonly Notification[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit(): void {
  for (const listener of listeners) listener();
}

export const notifications = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot(): readonly Notification[] {
    return items;
  },
  /** Shows a message; returns its id so the caller can withdraw it once the problem is resolved. */
  push(kind: NotificationKind, text: string): number {
    // The same error twice in a row is one message, not a growing pile.
    const existing = items.find((item) => item.kind === kind && item.text === text);
    if (existing && kind === 'error') return existing.id;
    const id = nextId++;
    items = [...items, { id, kind, text }];
    if (kind === 'info')
      timers.set(
        id,
        setTimeout(() => notifications.dismiss(id), INFO_TIMEOUT_MS),
      );
    emit();
    return id;
  },
  error(text: string): number {
    return notifications.push('error', text);
  },
  info(text: string): number {
    return notifications.push('info', text);
  },
  dismiss(id: number): void {
    const timer = timers.get(id);
    if (timer) clearTimeout(timer);
    timers.delete(id);
    if (!items.some((item) => item.id === id)) return;
    items = items.filter((item) => item.id !== id);
    emit();
  },
  /** Withdraws every error: called when the action that failed has now succeeded. */
  resolveErrors(): void {
    if (!items.some((item) => item.kind === 'error')) return;
    items = items.filter((item) => item.kind !== 'error');
    emit();
  },
  clear(): void {
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
    items = [];
    emit();
  },
};

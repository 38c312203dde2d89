import { useSyncExternalStore } from 'react';
import type { Answers } from '@bilan/engine';
import type { DemoEntry } from '../patient/flowStore';
import { sendDemoEmail } from './sendDemoEmail';

/** Where the demo's e-mail stands, for its thank-you page. */
export type DemoSendState =
  | { status: 'idle' }
  | { status: 'sending'; email: string }
  | { status: 'sent'; email: string }
  | { status: 'failed'; email: string; message: string };

let state: DemoSendState = { status: 'idle' };
/** The answers of the demo being sent, kept (in memory only) until they are sent or the page is left. */
let pending: { answers: Answers; entry: DemoEntry } | null = null;
const listeners = new Set<() => void>();

function set(next: DemoSendState): void {
  state = next;
  for (const listener of listeners) listener();
}

async function send(): Promise<void> {
  if (!pending) return;
  const { answers, entry } = pending;
  set({ status: 'sending', email: entry.email });
  const outcome = await sendDemoEmail(answers, entry);
  if (pending?.entry !== entry) return;
  // Sent or not, the answers stay until the page is left: « Envoyer à une autre adresse » sends them again.
  if (outcome.ok) set({ status: 'sent', email: entry.email });
  else set({ status: 'failed', email: entry.email, message: outcome.message });
}

/**
 * The demo keeps a buyer's work (issue 34): its e-mail is sent from the thank-you page, and the
 * answers stay in memory so that the pharmacist can correct the address after a failure, or send
 * the same PDFs to another address (issue 44); they go when the demo is left.
 */
export const demoSend = {
  start(answers: Answers, entry: DemoEntry): void {
    pending = { answers, entry };
    void send();
  },
  /** « Renvoyer » to the address as corrected, or the same PDFs to another address. */
  sendTo(email: string): void {
    if (!pending) return;
    pending = { ...pending, entry: { ...pending.entry, email: email.trim() } };
    void send();
  },
  clear(): void {
    pending = null;
    set({ status: 'idle' });
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get(): DemoSendState {
    return state;
  },
};

export function useDemoSend(): DemoSendState {
  return useSyncExternalStore(demoSend.subscribe, demoSend.get, demoSend.get);
}

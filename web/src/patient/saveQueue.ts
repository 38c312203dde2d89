import { useSyncExternalStore } from 'react';
import type { SectionAnswers } from '@bilan/engine';
import { ApiError } from '../api/client';
import { patientApi } from '../api/patientApi';
import { flowStore } from './flowStore';

/** One page save waiting for the server, in the order « Suivant » was pressed. */
interface QueuedSave {
  token: string;
  section: string;
  answers: SectionAnswers;
  /** When « Suivant » queued it (Date.now()): the banner speaks after 10 s. */
  queuedAt: number;
}

/** What the pages show of the queue: how many saves wait, since when the oldest, and whether it is waiting to retry. */
export interface SaveQueueState {
  pending: number;
  /** Date.now() of the oldest save still waiting, null when none. */
  oldestSince: number | null;
  /** The last attempt failed and the next waits for its back-off (or « Réessayer »). */
  retrying: boolean;
}

/** Called when the token is refused (form finished, erased, expired): nothing more can be saved. */
type EndedListener = (error: ApiError) => void;

/** A save pending longer than this shows the calm banner with « Réessayer » (issue 34). */
export const SLOW_SAVE_MS = 10_000;
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

const idleState: SaveQueueState = { pending: 0, oldestSince: null, retrying: false };
let queue: QueuedSave[] = [];
let state: SaveQueueState = idleState;
let onEnded: EndedListener | null = null;
let running = false;
let failures = 0;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let wakeRetry: (() => void) | null = null;
/** Bumped by clear(): a request that answers after it is ignored. */
let generation = 0;
const listeners = new Set<() => void>();
let idleWaiters: Array<() => void> = [];

function publish(retrying: boolean): void {
  state = queue.length === 0 ? idleState : { pending: queue.length, oldestSince: queue[0]?.queuedAt ?? null, retrying };
  for (const listener of listeners) listener();
  if (queue.length === 0) {
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}

/** Waits for the back-off of the n-th failure in a row (1 s, 2 s, 4 s … 30 s), or for « Réessayer ». */
function backOff(): Promise<void> {
  const delay = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1));
  return new Promise<void>((resolve) => {
    wakeRetry = resolve;
    retryTimer = setTimeout(resolve, delay);
  }).then(() => {
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    wakeRetry = null;
  });
}

/** Worth another try: no answer (offline), a server or proxy failure, a limit. */
function isPassing(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.isNetwork || error.status >= 500 || error.status === 429 || error.status === 408;
}

async function drain(): Promise<void> {
  if (running) return;
  running = true;
  const run = generation;
  try {
    while (queue.length > 0 && run === generation) {
      const head = queue[0];
      if (!head) break;
      try {
        const saved = await patientApi.saveSection(head.token, head.section, head.answers);
        if (run !== generation) return;
        failures = 0;
        queue.shift();
        // A newer copy of the same page still waits: the flow keeps what the person sees.
        if (!queue.some((q) => q.section === head.section)) flowStore.confirmSection(head.section, saved.reponses);
        publish(false);
      } catch (error) {
        if (run !== generation) return;
        if (isPassing(error)) {
          failures += 1;
          publish(true);
          await backOff();
          continue;
        }
        failures = 0;
        // D39: the server closed the form after a pause: the saves wait for the birth date.
        if (error instanceof ApiError && error.code === 'resume_required') {
          publish(false);
          flowStore.askIdentity();
          return;
        }
        if (error instanceof ApiError && (error.status === 401 || error.status === 409)) {
          queue = [];
          publish(false);
          onEnded?.(error);
          return;
        }
        // Refused for good (400, 422): the browser validated it with the same schema, so this is
        // rare; the page is handed back to be validated again, and the others go on.
        queue.shift();
        flowStore.refuseSection(head.section, head.answers);
        publish(false);
      }
    }
  } finally {
    if (run === generation) running = false;
  }
}

/**
 * « Suivant » never waits for the network (issue 34): each page's save goes into this ordered
 * queue, held in memory only (a shared tablet keeps nothing on the device, D23), and sent one
 * after the other; a failure of the connection or of the server is retried with a growing
 * back-off (1 s, 2 s … 30 s) until it passes, « Réessayer » tries at once. The server keeps its
 * guarantees: it replays and validates every save (D5b), in the order they were made.
 */
export const saveQueue = {
  /** What the page on screen does when the token is refused (returns the unsubscription). */
  onEnded(listener: EndedListener): () => void {
    onEnded = listener;
    return () => {
      if (onEnded === listener) onEnded = null;
    };
  },
  enqueue(token: string, section: string, answers: SectionAnswers): void {
    queue.push({ token, section, answers, queuedAt: Date.now() });
    publish(state.retrying);
    void drain();
  },
  /** « Réessayer »: the waiting save is tried now, its back-off forgotten. */
  retryNow(): void {
    failures = 0;
    wakeRetry?.();
  },
  /** After the resume question (D39): the saves that waited for it go on. */
  resume(): void {
    void drain();
  },
  /** Resolves once every queued save is stored (or dropped): the review's sending waits for it. */
  whenIdle(): Promise<void> {
    return queue.length === 0 ? Promise.resolve() : new Promise((resolve) => idleWaiters.push(resolve));
  },
  /** The session ended on this device (thank-you page, erase, another person): nothing more is sent. */
  clear(): void {
    generation += 1;
    running = false;
    failures = 0;
    queue = [];
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    wakeRetry = null;
    publish(false);
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get(): SaveQueueState {
    return state;
  },
};

export function useSaveQueue(): SaveQueueState {
  return useSyncExternalStore(saveQueue.subscribe, saveQueue.get, saveQueue.get);
}

import { useEffect, useLayoutEffect, useRef } from 'react';

/** After this long without a tap or a key, a form in progress asks « Vous êtes toujours là ? » (D39). */
export const IDLE_ASK_MS = 3 * 60 * 1000;
/** Without an answer this long after the question, the answers hide behind the resume question (D39). */
export const IDLE_ANSWER_MS = 60 * 1000;
/** After this long without a tap or a key, a form in progress asks again whose it is (D23, D39). */
export const IDLE_LIMIT_MS = IDLE_ASK_MS + IDLE_ANSWER_MS;

let lastActivity = Date.now();

/** When the person in front of the screen last did something, on this page's clock. */
export const idleClock = {
  touch(now = Date.now()): void {
    lastActivity = now;
  },
  /** Whether the « still here » question is due (D39). */
  isQuiet(now = Date.now()): boolean {
    return now - lastActivity >= IDLE_ASK_MS;
  },
  isIdle(now = Date.now()): boolean {
    return now - lastActivity >= IDLE_LIMIT_MS;
  },
  remaining(now = Date.now()): number {
    return Math.max(0, lastActivity + IDLE_LIMIT_MS - now);
  },
};

/**
 * Throws away the click that ends a tap caught as the idle action: its target is gone by then,
 * and the question must not be answered by it. The next tap's click goes through.
 */
function swallowFollowUp(): void {
  const stop = (event: Event) => {
    event.preventDefault();
    event.stopPropagation();
    done();
  };
  const done = () => {
    clearTimeout(timer);
    window.removeEventListener('click', stop, { capture: true });
    window.removeEventListener('pointerdown', done, { capture: true });
  };
  const timer = setTimeout(done, 1000);
  window.addEventListener('click', stop, { capture: true });
  // Added while this tap's pointerdown is dispatched, so it is called from the next tap on.
  window.addEventListener('pointerdown', done, { capture: true });
}

/**
 * While `active`, watches the person's actions: the first tap or key after IDLE_LIMIT_MS of
 * nothing does not reach the page (no answer changes behind the question) and calls `onIdle`.
 * Timers call `onQuiet` after IDLE_ASK_MS (« Vous êtes toujours là ? ») and `onIdle` once the
 * time is up, so an unattended screen stops showing answers. `onActive` hears every other action.
 */
export function useIdleWatch(
  active: boolean,
  onIdle: () => void,
  onQuiet: () => void = () => undefined,
  onActive: () => void = () => undefined,
): void {
  const callbacks = useRef({ onIdle, onQuiet, onActive });
  // The latest callbacks, updated after render (a render must not write a ref).
  useLayoutEffect(() => {
    callbacks.current = { onIdle, onQuiet, onActive };
  });
  useEffect(() => {
    if (!active) return;
    const onAction = (event: Event) => {
      const now = Date.now();
      if (!idleClock.isIdle(now)) {
        idleClock.touch(now);
        callbacks.current.onActive();
        return;
      }
      event.preventDefault();
      event.stopPropagation();
      if (event.type === 'pointerdown') swallowFollowUp();
      callbacks.current.onIdle();
    };
    let timer: ReturnType<typeof setTimeout>;
    const check = () => {
      const now = Date.now();
      if (idleClock.isIdle(now)) return callbacks.current.onIdle();
      if (idleClock.isQuiet(now)) callbacks.current.onQuiet();
      const untilQuiet = idleClock.remaining(now) - IDLE_ANSWER_MS;
      timer = setTimeout(check, Math.max(1000, untilQuiet > 0 ? untilQuiet : idleClock.remaining(now)));
    };
    check();
    const options = { capture: true };
    window.addEventListener('pointerdown', onAction, options);
    window.addEventListener('keydown', onAction, options);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('pointerdown', onAction, options);
      window.removeEventListener('keydown', onAction, options);
    };
  }, [active]);
}

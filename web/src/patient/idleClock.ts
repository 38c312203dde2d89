import { useEffect, useLayoutEffect, useRef } from 'react';

/** After this long without a tap or a key, a form in progress asks again whose it is (D23). */
export const IDLE_LIMIT_MS = 20 * 60 * 1000;

let lastActivity = Date.now();

/** When the person in front of the screen last did something, on this page's clock. */
export const idleClock = {
  touch(now = Date.now()): void {
    lastActivity = now;
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
 * A timer calls it too once the time is up, so an unattended screen stops showing answers.
 */
export function useIdleWatch(active: boolean, onIdle: () => void): void {
  const callback = useRef(onIdle);
  // The latest callback, updated after render (a render must not write a ref).
  useLayoutEffect(() => {
    callback.current = onIdle;
  });
  useEffect(() => {
    if (!active) return;
    const onAction = (event: Event) => {
      const now = Date.now();
      if (!idleClock.isIdle(now)) {
        idleClock.touch(now);
        return;
      }
      event.preventDefault();
      event.stopPropagation();
      if (event.type === 'pointerdown') swallowFollowUp();
      callback.current();
    };
    let timer: ReturnType<typeof setTimeout>;
    const arm = () => {
      timer = setTimeout(
        () => (idleClock.isIdle() ? callback.current() : arm()),
        Math.max(1000, idleClock.remaining()),
      );
    };
    if (idleClock.isIdle()) callback.current();
    else arm();
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

import { useLayoutEffect, useRef } from 'react';

/**
 * On arrival on a page (and at each change of `key`), scrolls smoothly to the top and moves the
 * focus to the page's heading, so a screen reader starts reading the new page.
 * A layout effect: the focus moves in the commit that shows the heading. A passive effect runs
 * later after a navigation (the router renders it as a transition), leaving a moment where the new
 * page is on screen while the focus is still on the previous page's button, now gone.
 */
export function usePageFocus<T extends HTMLElement>(key: string) {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    window.scrollTo?.({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
    ref.current?.focus({ preventScroll: true });
  }, [key]);
  return ref;
}

import { useLayoutEffect, useRef } from 'react';

/**
 * On arrival on a page (and at each change of `key`), jumps to the top at once and moves the focus
 * to the page's heading, so a screen reader starts reading the new page.
 * The jump is instant whatever the motion preference (issue 44): a smooth scroll back up from
 * 5,000-10,500 px kept a slow phone busy for a second before the next page was usable, and an
 * instant jump is also what a person who asks for reduced motion gets.
 * A layout effect: the focus moves in the commit that shows the heading. A passive effect runs
 * later after a navigation (the router renders it as a transition), leaving a moment where the new
 * page is on screen while the focus is still on the previous page's button, now gone.
 */
export function usePageFocus<T extends HTMLElement>(key: string) {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    window.scrollTo?.({ top: 0, left: 0, behavior: 'instant' });
    ref.current?.focus({ preventScroll: true });
  }, [key]);
  return ref;
}

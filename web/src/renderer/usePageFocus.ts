import { useEffect, useRef } from 'react';

/**
 * On arrival on a page (and at each change of `key`), scrolls smoothly to the top and moves the
 * focus to the page's heading, so a screen reader starts reading the new page.
 */
export function usePageFocus<T extends HTMLElement>(key: string) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    window.scrollTo?.({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
    ref.current?.focus({ preventScroll: true });
  }, [key]);
  return ref;
}

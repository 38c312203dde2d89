import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Client-side navigation does not scroll by itself: on each navigation this brings the
 * element named by the URL fragment into view (#cookies), or the top of the page otherwise.
 * `ready` lets a page wait until its content is rendered.
 */
export function useScrollToHash(ready = true): void {
  const { hash, key, pathname } = useLocation();
  useEffect(() => {
    if (!ready) return;
    const id = decodeURIComponent(hash.replace(/^#/, ''));
    const target = id ? document.getElementById(id) : null;
    if (target) {
      // 'instant': the theme's smooth scrolling would animate across the whole page on arrival.
      target.scrollIntoView({ block: 'start', behavior: 'instant' });
      // Move the reading position too, so that Tab and screen readers continue from the section.
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
    } else {
      window.scrollTo({ top: 0, behavior: 'instant' });
    }
  }, [hash, key, pathname, ready]);
}

import { useEffect } from 'react';
import { matchRoutes } from 'react-router-dom';
import type { LazyScreen } from './lazyScreen';

function isLazyScreen(component: unknown): component is LazyScreen {
  return typeof component === 'function' && 'prefetch' in component && typeof component.prefetch === 'function';
}

/** Runs `work` when the browser is idle (or soon, where it cannot say); returns the cancel. */
function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(work, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(work, 200);
  return () => clearTimeout(id);
}

/**
 * While a screen is shown, fetches quietly, when the browser is idle, the code of the screen
 * `pathname` opens (e.g. the review page behind the last « Suivant »): the button then shows it
 * without a download on the way (issue 44, « Suivant » is instant). The router's table is in the
 * entry chunk already, so reading it costs no download.
 */
export function usePrefetchScreen(pathname: string | null): void {
  useEffect(() => {
    if (!pathname) return;
    let live = true;
    const cancel = whenIdle(() => {
      void import('../router')
        .then(({ routes }) => {
          if (!live) return;
          for (const { route } of matchRoutes(routes, pathname) ?? [])
            if (isLazyScreen(route.Component)) route.Component.prefetch();
        })
        .catch(() => undefined);
    });
    return () => {
      live = false;
      cancel();
    };
  }, [pathname]);
}

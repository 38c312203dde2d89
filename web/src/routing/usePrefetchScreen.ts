import { useEffect } from 'react';
import { isLazyScreen } from './isLazyScreen';
import { rankRoutes } from './rankRoutes';
import { routeTable } from './routeTable';

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
 * without a download on the way (issue 44, « Suivant » is instant).
 */
export function usePrefetchScreen(pathname: string | null): void {
  useEffect(() => {
    if (!pathname) return;
    return whenIdle(() => {
      for (const route of rankRoutes(routeTable.routes).branchOf(pathname)?.chain ?? [])
        if (isLazyScreen(route.Component)) route.Component.prefetch();
    });
  }, [pathname]);
}

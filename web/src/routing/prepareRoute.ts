import type { Params, RouteObject } from 'react-router-dom';
import { rankRoutes } from './rankRoutes';
import { isLazyScreen } from './isLazyScreen';

/** What a route may declare in its `handle`: the state its screen needs before its first render. */
export interface RouteHandle {
  preload?: (params: Params) => Promise<void>;
}

function preloadOf(route: RouteObject): RouteHandle['preload'] {
  const handle: unknown = route.handle;
  if (typeof handle !== 'object' || handle === null || !('preload' in handle)) return undefined;
  const preload: unknown = handle.preload;
  return typeof preload === 'function' ? (preload as RouteHandle['preload']) : undefined;
}

/**
 * Fetches the code of the screens that match `pathname` (routing/lazyScreen.tsx), then what they
 * need first (`handle.preload`). A page whose HTML was rendered at build must be taken over by its
 * own screen at once, not by the "Chargement…" of a screen or a questionnaire still loading; the
 * build renders it after the same preparation.
 */
export async function prepareRoute(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = rankRoutes(routes).matchOf(pathname) ?? [];
  await Promise.all(
    matches.map(({ route }) => (isLazyScreen(route.Component) ? route.Component.preload() : undefined)),
  );
  for (const { route, params } of matches) await preloadOf(route)?.(params);
}

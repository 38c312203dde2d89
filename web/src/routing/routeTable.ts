import type { RouteObject } from 'react-router-dom';

/**
 * The app's routes, given by router.tsx as it loads: read by usePrefetchScreen to find a screen's
 * code without importing the router from a screen (a cycle that also split React out of the
 * entry chunk).
 */
export const routeTable: { routes: readonly RouteObject[] } = { routes: [] };

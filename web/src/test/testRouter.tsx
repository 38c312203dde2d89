import { render } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router-dom';
import { vi } from 'vitest';
import { RouteErrorBoundary } from '../site/RouteErrorBoundary';
import { PageLoading } from '../site/PageLoading';
import { siteRoutes } from '../site/routes';
import { resetSiteConfigCache } from '../site/useSiteConfig';

/**
 * Test support: serves `body` as the answer of GET /api/public/site-config (the only call the
 * public pages make) and renders the site routes at `path`. Returns the router and the fetch spy.
 */
export function renderSite(
  path: string,
  body: unknown = {},
  { status = 200, extraRoutes = [] }: { status?: number; extraRoutes?: RouteObject[] } = {},
) {
  resetSiteConfigCache();
  const fetchSpy = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url !== '/api/public/site-config') return new Response('{"code":"not_found"}', { status: 404 });
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchSpy);
  // jsdom does not lay out or scroll: record the calls instead.
  vi.stubGlobal('scrollTo', vi.fn());
  Element.prototype.scrollIntoView = vi.fn();
  const router = createMemoryRouter(
    [
      {
        // As the app's routes are framed (router.tsx, AppRoutes).
        element: (
          <RouteErrorBoundary>
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </RouteErrorBoundary>
        ),
        children: [...extraRoutes, ...siteRoutes],
      },
    ],
    { initialEntries: [path] },
  );
  const view = render(<RouterProvider router={router} />);
  return { router, fetchSpy, ...view };
}

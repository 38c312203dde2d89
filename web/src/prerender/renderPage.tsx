// The build's prerendering entry (web/prerender.ts bundles it for Node and calls it): the HTML of
// a public page as a first-time visitor's browser renders it, before any request to the API.
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { routes } from '../router';
import { documentTitle } from '../site/SitePage';
import { AppTree } from './appTree';

/** The document titles of the prerendered pages (their pages set them in an effect). */
const TITLES: Record<string, () => Promise<string>> = {
  // Imported as the router imports it: a static import would merge the page into this entry's chunk.
  '/': async () => documentTitle((await import('../site/LandingPage')).LANDING_TITLE),
};

export async function renderPage(pathname: string): Promise<{ html: string; title: string }> {
  const titleOf = TITLES[pathname];
  if (!titleOf) throw new Error(`prerender of ${pathname}: no title for this page`);
  const title = await titleOf();
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(pathname, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`prerender of ${pathname}: the router answered a redirect (${context.status})`);
  if (context.errors) throw new Error(`prerender of ${pathname}: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // hydrate={false}: no route loads data, the browser's router starts from the URL alone.
  const html = renderToString(<AppTree router={<StaticRouterProvider router={router} context={context} hydrate={false} />} />);
  return { html, title };
}

// The build's prerendering entry (web/prerender.ts bundles it for Node and calls it): the HTML of
// a page as a first-time visitor's browser renders it, before any request to the API.
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import type { BandCode } from '@bilan/engine';
import type { PublicPharmacy } from '../api/patientApi';
import { knowPharmacy, PHARMACY_IN_PAGE_ID } from '../patient/usePharmacy';
import { bands, loadDefinition } from '../questionnaire/versions';
import { AppRoutes, routes } from '../router';
import { documentTitle } from '../site/SitePage';
import { AppTree } from './appTree';
import { prepareRoute } from '../routing/prepareRoute';

/** Where the server writes a registration page's pharmacy for the browser (pages/index.json). */
export const pharmacyInPageId = PHARMACY_IN_PAGE_ID;

/** The document titles of the prerendered pages that have their own (their pages set them in an effect). */
const TITLES: Record<string, () => Promise<string>> = {
  // Imported as the router imports it: a static import would merge the page into this entry's chunk.
  '/': async () => documentTitle((await import('../site/LandingPage')).LANDING_TITLE),
};

/**
 * The page at `pathname`, prepared as the browser prepares it (src/main.tsx). `pharmacy`: the
 * pharmacy a registration page is rendered for (the build's model, replaced by the server).
 */
export async function renderPage(
  pathname: string,
  pharmacy?: PublicPharmacy,
): Promise<{ html: string; title: string | null }> {
  if (pharmacy) knowPharmacy(pharmacy);
  await prepareRoute(routes, pathname);
  const html = renderToString(
    <AppTree
      router={
        <StaticRouter location={pathname}>
          <AppRoutes />
        </StaticRouter>
      }
    />,
  );
  return { html, title: (await TITLES[pathname]?.()) ?? null };
}

/** The first page of each band's demo questionnaire, its newest version: where the demo starts. */
export async function demoFirstPages(): Promise<{ band: BandCode; path: string }[]> {
  return Promise.all(
    bands.map(async ({ code }) => {
      const first = (await loadDefinition(code)).pages[0];
      if (!first) throw new Error(`prerender: the ${code} questionnaire has no page`);
      return { band: code, path: `/formulaire/test/parts${code}/${first.route}` };
    }),
  );
}

import type { RouteObject } from 'react-router-dom';
import { lazyScreen } from '../routing/lazyScreen';

/** Public pages: the landing page, the legal pages and the catch-all 404, each in its own chunk. */
export const siteRoutes: RouteObject[] = [
  { path: '/', Component: lazyScreen(async () => (await import('./LandingPage')).LandingPage) },
  {
    path: '/mentions-legales',
    Component: lazyScreen(async () => (await import('./MentionsLegalesPage')).MentionsLegalesPage),
  },
  {
    path: '/politiqueConfidentialite',
    Component: lazyScreen(async () => (await import('./PolitiqueConfidentialitePage')).PolitiqueConfidentialitePage),
  },
  { path: '/cgu', Component: lazyScreen(async () => (await import('./CguPage')).CguPage) },
  { path: '*', Component: lazyScreen(async () => (await import('./NotFoundPage')).NotFoundPage) },
];

import type { RouteObject } from 'react-router-dom';
import { PageLoading } from './PageLoading';

/** Public pages: the landing page, the legal pages and the catch-all 404, each in its own chunk. */
export const siteRoutes: RouteObject[] = [
  { path: '/', lazy: () => import('./LandingPage').then((m) => ({ Component: m.LandingPage })) },
  { path: '/mentions-legales', lazy: () => import('./MentionsLegalesPage').then((m) => ({ Component: m.MentionsLegalesPage })) },
  {
    path: '/politiqueConfidentialite',
    lazy: () => import('./PolitiqueConfidentialitePage').then((m) => ({ Component: m.PolitiqueConfidentialitePage })),
  },
  { path: '/cgu', lazy: () => import('./CguPage').then((m) => ({ Component: m.CguPage })) },
  { path: '*', lazy: () => import('./NotFoundPage').then((m) => ({ Component: m.NotFoundPage })) },
].map((route) => ({ ...route, HydrateFallback: PageLoading }));

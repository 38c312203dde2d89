import type { RouteObject } from 'react-router-dom';
import { lazyScreen } from '../routing/lazyScreen';

/**
 * A pharmacy's dashboard: the list of forms, one form, the poster. Loaded on demand, so neither
 * its code nor its list is in the patient flow's first download.
 */
export const pharmacyRoutes: RouteObject[] = [
  {
    path: '/:pharmacyName/dashboard',
    Component: lazyScreen(async () => (await import('./PharmacyDashboardPage')).PharmacyDashboardPage),
  },
  {
    path: '/:pharmacyName/dashboard/formulaires/:formId',
    Component: lazyScreen(async () => (await import('./FormDetailPage')).FormDetailPage),
  },
  {
    path: '/:pharmacyName/dashboard/formulaires/:formId/entretien',
    Component: lazyScreen(async () => (await import('./ConsultationPage')).ConsultationPage),
  },
  {
    path: '/:pharmacyName/dashboard/affiche',
    Component: lazyScreen(async () => (await import('./PosterPage')).PosterPage),
  },
];

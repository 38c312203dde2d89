import type { RouteObject } from 'react-router-dom';
import { lazyScreen } from '../routing/lazyScreen';

/** The admin dashboard (invitations, statistics, undelivered e-mails), loaded on demand. */
export const adminRoutes: RouteObject[] = [
  {
    path: '/admin/dashboard',
    Component: lazyScreen(async () => (await import('./AdminDashboardPage')).AdminDashboardPage),
  },
];

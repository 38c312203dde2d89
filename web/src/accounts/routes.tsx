import type { RouteObject } from 'react-router-dom';
import { lazyScreen } from '../routing/lazyScreen';

/**
 * Account and dashboard screens. Each is loaded on demand, so none of their code (nor the
 * dashboards' tables and chart) is in the patient flow's first download.
 */
export const accountRoutes: RouteObject[] = [
  { path: '/login', Component: lazyScreen(async () => (await import('./LoginPage')).LoginPage) },
  { path: '/verify', Component: lazyScreen(async () => (await import('./VerifyPage')).VerifyPage) },
  { path: '/register', Component: lazyScreen(async () => (await import('./RegisterPage')).RegisterPage) },
  {
    path: '/email-verifie',
    Component: lazyScreen(async () => (await import('./EmailVerifiedPage')).EmailVerifiedPage),
  },
  {
    path: '/forgot-password',
    Component: lazyScreen(async () => (await import('./ForgotPasswordPage')).ForgotPasswordPage),
  },
  {
    path: '/reset-password',
    Component: lazyScreen(async () => (await import('./ResetPasswordPage')).ResetPasswordPage),
  },
  {
    path: '/admin/dashboard',
    Component: lazyScreen(async () => (await import('./AdminDashboardPage')).AdminDashboardPage),
  },
  {
    path: '/:pharmacyName/dashboard',
    Component: lazyScreen(async () => (await import('./PharmacyDashboardPage')).PharmacyDashboardPage),
  },
  {
    path: '/:pharmacyName/dashboard/formulaires/:formId',
    Component: lazyScreen(async () => (await import('./FormDetailPage')).FormDetailPage),
  },
  {
    path: '/:pharmacyName/dashboard/affiche',
    Component: lazyScreen(async () => (await import('./PosterPage')).PosterPage),
  },
];

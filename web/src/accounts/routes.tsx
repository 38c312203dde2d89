import type { RouteObject } from 'react-router-dom';

/**
 * Account and dashboard screens. Each is loaded on demand, so none of their code (nor the
 * dashboards' tables and chart) is in the patient flow's first download.
 */
export const accountRoutes: RouteObject[] = [
  { path: '/login', lazy: async () => ({ Component: (await import('./LoginPage')).LoginPage }) },
  { path: '/verify', lazy: async () => ({ Component: (await import('./VerifyPage')).VerifyPage }) },
  { path: '/register', lazy: async () => ({ Component: (await import('./RegisterPage')).RegisterPage }) },
  { path: '/email-verifie', lazy: async () => ({ Component: (await import('./EmailVerifiedPage')).EmailVerifiedPage }) },
  { path: '/forgot-password', lazy: async () => ({ Component: (await import('./ForgotPasswordPage')).ForgotPasswordPage }) },
  { path: '/reset-password', lazy: async () => ({ Component: (await import('./ResetPasswordPage')).ResetPasswordPage }) },
  { path: '/admin/dashboard', lazy: async () => ({ Component: (await import('./AdminDashboardPage')).AdminDashboardPage }) },
  { path: '/:pharmacyName/dashboard', lazy: async () => ({ Component: (await import('./PharmacyDashboardPage')).PharmacyDashboardPage }) },
  { path: '/:pharmacyName/dashboard/formulaires/:formId', lazy: async () => ({ Component: (await import('./FormDetailPage')).FormDetailPage }) },
  { path: '/:pharmacyName/dashboard/affiche', lazy: async () => ({ Component: (await import('./PosterPage')).PosterPage }) },
];

import type { RouteObject } from 'react-router-dom';
import { lazyScreen } from '../routing/lazyScreen';

/**
 * The staff account screens: login and its second factor, sign-up by invitation, e-mail check,
 * password reset. Each is loaded on demand, so none of their code is in the patient flow's first
 * download.
 */
export const staffRoutes: RouteObject[] = [
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
];

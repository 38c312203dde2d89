import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, useParams, type RouteObject } from 'react-router-dom';
import { accountRoutes } from './accounts/routes';
import type { RouteHandle } from './prerender/prepareRoute';
import { PageLoading } from './site/PageLoading';
import { RouterErrorScreen } from './site/RouterErrorScreen';
import { siteRoutes } from './site/routes';

/** D10: the broad entry routes of the older system lead to the registration screen. */
function ToRegistration() {
  const { pharmacyName = '' } = useParams();
  return <Navigate to={`/${encodeURIComponent(pharmacyName)}/userform`} replace />;
}

/** A developer screen's route: "Page introuvable" unless the server runs with DEV_TOOLS (D28). */
async function devToolsOnly(Screen: ComponentType): Promise<{ Component: ComponentType }> {
  const { DevToolsOnly } = await import('./demo/DevToolsOnly');
  return {
    Component: () => (
      <DevToolsOnly>
        <Screen />
      </DevToolsOnly>
    ),
  };
}

// Every screen is its own chunk (`lazy`): the registration page does not download the
// questionnaire renderer, and no patient page downloads account or dashboard code.
const patientRoutes: RouteObject[] = [
  { path: '/form', lazy: async () => ({ Component: (await import('./demo/DemoEntryPage')).DemoEntryPage }) },
  { path: '/summary', lazy: async () => devToolsOnly((await import('./demo/SummaryPage')).SummaryPage) },
  { path: '/submit', lazy: async () => devToolsOnly((await import('./demo/SubmitPage')).SubmitPage) },
  { path: '/formulaire/test/summary', lazy: async () => ({ Component: (await import('./demo/DemoReviewPage')).DemoReviewPage }) },
  { path: '/formulaire/test/thank-you', lazy: async () => ({ Component: (await import('./demo/DemoThankYouPage')).DemoThankYouPage }) },
  {
    path: '/formulaire/test/:part/:step',
    lazy: async () => ({ Component: (await import('./demo/DemoQuestionnairePage')).DemoQuestionnairePage }),
    handle: { preload: async ({ part }) => (await import('./demo/prepareDemoPage')).prepareDemoPage(part) } satisfies RouteHandle,
  },
  { path: '/:pharmacyName/userform', lazy: async () => ({ Component: (await import('./patient/RegistrationPage')).RegistrationPage }) },
  { path: '/:pharmacyName/thank-you', lazy: async () => ({ Component: (await import('./patient/PatientThankYouPage')).PatientThankYouPage }) },
  { path: '/:pharmacyName/questionnaire-18-25', Component: ToRegistration },
  { path: '/:pharmacyName/questionnaire-25-60', Component: ToRegistration },
  { path: '/:pharmacyName/questionnaire-60-plus', Component: ToRegistration },
  { path: '/:pharmacyName/:part/summary', lazy: async () => ({ Component: (await import('./patient/PatientReviewPage')).PatientReviewPage }) },
  {
    path: '/:pharmacyName/:part/:step',
    lazy: async () => ({ Component: (await import('./patient/PatientQuestionnairePage')).PatientQuestionnairePage }),
  },
];

export const routes: RouteObject[] = [
  {
    errorElement: <RouterErrorScreen />,
    // The first load of a lazy screen says "Chargement…" instead of a blank page.
    HydrateFallback: PageLoading,
    children: [
      { lazy: async () => ({ Component: (await import('./patient/PatientLayout')).PatientLayout }), children: patientRoutes },
      ...siteRoutes,
      ...accountRoutes,
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

import { Suspense, type ComponentType } from 'react';
import { Navigate, useLocation, useParams, type RouteObject } from 'react-router-dom';
import { adminRoutes } from './admin/routes';
import type { RouteHandle } from './routing/prepareRoute';
import { lazyScreen } from './routing/lazyScreen';
import { rankRoutes } from './routing/rankRoutes';
import { renderMatches } from './routing/renderMatches';
import { routeTable } from './routing/routeTable';
import { pharmacyRoutes } from './pharmacy/routes';
import { RouteErrorBoundary } from './site/RouteErrorBoundary';
import { PageLoading } from './site/PageLoading';
import { siteRoutes } from './site/routes';
import { staffRoutes } from './staff/routes';

/** D10: the broad entry routes of the older system lead to the registration screen. */
function ToRegistration() {
  const { pharmacyName = '' } = useParams();
  return <Navigate to={`/${encodeURIComponent(pharmacyName)}/userform`} replace />;
}

/** A developer screen: "Page introuvable" unless the server runs with DEV_TOOLS (D28). */
function devToolsOnly(load: () => Promise<ComponentType>) {
  return lazyScreen(async () => {
    const [{ DevToolsOnly }, Screen] = await Promise.all([import('./demo/DevToolsOnly'), load()]);
    return () => (
      <DevToolsOnly>
        <Screen />
      </DevToolsOnly>
    );
  });
}

/**
 * A patient screen other than a questionnaire page or the pause's resume question (whose words
 * come first, issue 43): in English or Arabic it draws once every word of the language is here
 * (i18n/translate.ts, useAllWords), so no French word shows where a translation exists.
 */
function allWordsFirst(load: () => Promise<ComponentType>): () => Promise<ComponentType> {
  return async () => {
    const [{ useAllWords }, Screen] = await Promise.all([import('./i18n/translate'), load()]);
    return function AllWordsFirst() {
      return useAllWords() ? <Screen /> : null;
    };
  };
}

// Every screen is its own chunk (lazyScreen): the registration page does not download the
// questionnaire renderer, and no patient page downloads account or dashboard code.
const patientRoutes: RouteObject[] = [
  {
    path: '/form',
    Component: lazyScreen(allWordsFirst(async () => (await import('./demo/DemoEntryPage')).DemoEntryPage)),
  },
  { path: '/summary', Component: devToolsOnly(async () => (await import('./demo/SummaryPage')).SummaryPage) },
  { path: '/submit', Component: devToolsOnly(async () => (await import('./demo/SubmitPage')).SubmitPage) },
  {
    path: '/formulaire/test/summary',
    Component: lazyScreen(allWordsFirst(async () => (await import('./demo/DemoReviewPage')).DemoReviewPage)),
  },
  {
    path: '/formulaire/test/thank-you',
    Component: lazyScreen(allWordsFirst(async () => (await import('./demo/DemoThankYouPage')).DemoThankYouPage)),
  },
  {
    path: '/formulaire/test/:part/:step',
    Component: lazyScreen(
      allWordsFirst(async () => (await import('./demo/DemoQuestionnairePage')).DemoQuestionnairePage),
    ),
    handle: {
      preload: async ({ part }) => (await import('./demo/prepareDemoPage')).prepareDemoPage(part),
    } satisfies RouteHandle,
  },
  {
    path: '/:pharmacyName/userform',
    Component: lazyScreen(allWordsFirst(async () => (await import('./patient/RegistrationPage')).RegistrationPage)),
  },
  {
    path: '/:pharmacyName/thank-you',
    Component: lazyScreen(
      allWordsFirst(async () => (await import('./patient/PatientThankYouPage')).PatientThankYouPage),
    ),
  },
  {
    path: '/:pharmacyName/pause',
    Component: lazyScreen(async () => (await import('./patient/PauseScreen')).PauseScreen),
  },
  { path: '/:pharmacyName/questionnaire-18-25', Component: ToRegistration },
  { path: '/:pharmacyName/questionnaire-25-60', Component: ToRegistration },
  { path: '/:pharmacyName/questionnaire-60-plus', Component: ToRegistration },
  {
    path: '/:pharmacyName/:part/summary',
    Component: lazyScreen(allWordsFirst(async () => (await import('./patient/PatientReviewPage')).PatientReviewPage)),
  },
  {
    path: '/:pharmacyName/:part/:step',
    Component: lazyScreen(async () => (await import('./patient/PatientQuestionnairePage')).PatientQuestionnairePage),
  },
];

export const routes: RouteObject[] = [
  {
    Component: lazyScreen(async () => (await import('./patient/PatientLayout')).PatientLayout),
    children: patientRoutes,
  },
  ...siteRoutes,
  // Every staff address shows the lock while the device is in patient mode (D40).
  {
    Component: lazyScreen(async () => (await import('./staff/StaffGate')).StaffGate),
    children: [...staffRoutes, ...adminRoutes, ...pharmacyRoutes],
  },
];
// For the screens that fetch the code of the screen they open next (usePrefetchScreen).
routeTable.routes = routes;

/**
 * The app's screens for the address of the router around them (AppRouter in the browser,
 * StaticRouter when the build renders a page). The first load of a screen says "Chargement…"
 * instead of a blank page; a screen that fails shows the error screen.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  // The route table ranked once: react-router would flatten and rank it again at each navigation.
  const screen = renderMatches(rankRoutes(routes).matchOf(pathname));
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<PageLoading />}>{screen}</Suspense>
    </RouteErrorBoundary>
  );
}

import { startTransition, useLayoutEffect, useState, type ReactNode } from 'react';
import { Router, type RouteObject } from 'react-router-dom';
import { isLazyScreen } from './isLazyScreen';
import { paintFirstHistory } from './paintFirstHistory';
import { rankRoutes } from './rankRoutes';

type Update = Pick<ReturnType<typeof paintFirstHistory>, 'action' | 'location'>;

/**
 * react-router's BrowserRouter, but a navigation to screens whose code is here is drawn at once.
 * BrowserRouter draws every navigation as a transition: React renders it in 5 ms slices with a
 * frame between them, and a phone 4× slower showed the next page of a questionnaire twice as late
 * (issue 44). A transition is only needed while a screen's code is on its way (lazyScreen): the
 * screen on display then stays, instead of the « Chargement… » of the fallback.
 */
export function AppRouter({ children, routes }: { children: ReactNode; routes: readonly RouteObject[] }) {
  const [history] = useState(() => paintFirstHistory());
  const [state, setState] = useState<Update>(() => ({ action: history.action, location: history.location }));
  useLayoutEffect(
    () =>
      history.listen(({ action, location }) => {
        const draw = () => setState({ action, location });
        // Nothing of the next screens would suspend: no fallback to avoid.
        const ready = rankRoutes(routes)
          .branchOf(location.pathname)
          ?.chain.every(({ Component }) => !isLazyScreen(Component) || Component.ready());
        if (ready ?? true) draw();
        else startTransition(draw);
      }),
    [history, routes],
  );
  return (
    <Router location={state.location} navigationType={state.action} navigator={history}>
      {children}
    </Router>
  );
}

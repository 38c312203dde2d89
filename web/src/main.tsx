import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppTree } from './prerender/appTree';
import { AppRouter } from './routing/AppRouter';
import { prepareRoute } from './routing/prepareRoute';
import { AppRoutes, routes } from './router';
import './styles/theme.css';
import './styles/controls.css';
import './styles/blocks.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const app = (
  <AppTree
    router={
      <AppRouter routes={routes}>
        <AppRoutes />
      </AppRouter>
    }
  />
);

// Pages whose HTML the build rendered (web/prerender.ts) are taken over by their own screen at
// once: the landing page's markup is hydrated as it is; a patient page's (data-snapshot, inert
// until then) is replaced by the live screen, which may differ (a form to resume on this tab).
if (container.hasAttribute('data-prerendered')) {
  void prepareRoute(routes, window.location.pathname).then(() => hydrateRoot(container, app));
} else if (container.hasAttribute('data-snapshot')) {
  // Rendered as a transition, in slices between which the phone stays responsive (the snapshot
  // is on screen meanwhile), and put in place at once when done.
  void prepareRoute(routes, window.location.pathname).then(() => {
    const root = createRoot(container);
    startTransition(() => root.render(app));
  });
} else {
  createRoot(container).render(app);
}

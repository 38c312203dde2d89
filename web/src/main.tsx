import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppTree } from './prerender/appTree';
import { loadRouteModules } from './prerender/loadRouteModules';
import { createAppRouter, routes } from './router';
import './styles/theme.css';
import './styles/controls.css';
import './styles/blocks.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

if (container.hasAttribute('data-prerendered')) {
  // The build rendered this page's HTML (web/prerender.ts): React takes it over as it is.
  void loadRouteModules(routes, window.location.pathname).then(() => {
    hydrateRoot(container, <AppTree router={<RouterProvider router={createAppRouter()} />} />);
  });
} else {
  createRoot(container).render(<AppTree router={<RouterProvider router={createAppRouter()} />} />);
}

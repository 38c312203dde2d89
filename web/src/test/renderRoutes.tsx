import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { NotificationViewport } from '../notifications/NotificationViewport';

/**
 * Component tests' screens in a memory router beside the notification viewport, as the app
 * shows them; the last entry is the current address.
 */
export function renderRoutes(routes: RouteObject[], initialEntries: string[]) {
  const router = createMemoryRouter(routes, { initialEntries });
  render(
    <>
      <RouterProvider router={router} />
      <NotificationViewport />
    </>,
  );
  return router;
}

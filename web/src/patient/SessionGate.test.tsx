import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { flowStore } from './flowStore';
import { RESUME_TITLE } from './ResumeDialog';
import { SessionGate } from './SessionGate';
import { PauseScreen } from './PauseScreen';

function renderGate() {
  const router = createMemoryRouter(
    [
      { path: '/:pharmacyName/userform', Component: () => <h1>Inscription</h1> },
      { path: '/:pharmacyName/pause', Component: PauseScreen },
      {
        path: '/:pharmacyName/page',
        element: (
          <SessionGate pharmacyName="pharmacie-demo">
            <p>Réponses de Paul</p>
          </SessionGate>
        ),
      },
    ],
    { initialEntries: ['/pharmacie-demo/page'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function pageTransition(type: 'pagehide' | 'pageshow', persisted: boolean) {
  const event = new Event(type) as PageTransitionEvent;
  Object.defineProperty(event, 'persisted', { value: persisted });
  act(() => {
    window.dispatchEvent(event);
  });
}

afterEach(() => flowStore.reset());

describe('SessionGate', () => {
  it('takes the answers out of the page when the page is left, before the browser may keep a copy', () => {
    sessionStorage.setItem('token', 'tok');
    act(() => flowStore.startReal('45to50', { token: 'tok', definition: null }));
    renderGate();
    expect(screen.getByText('Réponses de Paul')).toBeInTheDocument();
    pageTransition('pagehide', true);
    expect(screen.queryByText('Réponses de Paul')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: RESUME_TITLE })).toBeInTheDocument();
  });

  it('forgets the form when the page comes back from the cache and the tab’s token is another one', async () => {
    sessionStorage.setItem('token', 'tok');
    act(() => flowStore.startReal('45to50', { token: 'tok', definition: null }));
    const router = renderGate();
    pageTransition('pagehide', true);
    sessionStorage.setItem('token', 'someone-else');
    pageTransition('pageshow', true);
    expect(await screen.findByRole('heading', { name: 'Inscription' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/pharmacie-demo/userform');
    expect(flowStore.get().flow).toBeNull();
    expect(sessionStorage.getItem('token')).toBeNull();
  });
});

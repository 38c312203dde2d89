// A navigation to a screen whose code is here is drawn in the task of the tap (React's urgent
// update, flushed before the next task), not as a transition rendered in later slices, and the
// address follows once it is painted; to a screen whose code is on its way, the screen on display
// stays, without the fallback.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { useNavigate, useRoutes, type RouteObject } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppRouter } from './AppRouter';
import { lazyScreen } from './lazyScreen';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => (resolve = res));
  return { promise, resolve };
}

function First() {
  const navigate = useNavigate();
  return (
    <main>
      <h1>Première page</h1>
      <button type="button" onClick={() => void navigate('/deuxieme')}>
        Suivant
      </button>
    </main>
  );
}

const Second = () => <h1>Deuxième page</h1>;

function Screens({ routes }: { routes: RouteObject[] }) {
  return <Suspense fallback={<p>Chargement…</p>}>{useRoutes(routes)}</Suspense>;
}

/** What the tap leaves for later: the microtasks of its own task run, no other task does. */
async function afterTheTapsTask() {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };

describe('AppRouter', () => {
  beforeEach(() => window.history.replaceState(null, '', '/premiere'));
  afterEach(() => {
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
  });

  it('draws a navigation to a screen whose code is here before the tap’s task ends', async () => {
    const routes = [
      { path: '/premiere', Component: lazyScreen(async () => First) },
      { path: '/deuxieme', Component: lazyScreen(async () => Second) },
    ];
    await Promise.all(routes.map((route) => route.Component.preload()));
    render(
      <AppRouter routes={routes}>
        <Screens routes={routes} />
      </AppRouter>,
    );
    // As in the browser: no act() (nor fireEvent, which wraps one) to flush what React leaves for later tasks.
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    screen.getByRole('button', { name: 'Suivant' }).click();
    await afterTheTapsTask();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Deuxième page');
    // The address follows once the page is painted (paintFirstHistory).
    expect(window.location.pathname).toBe('/premiere');
    await waitFor(() => expect(window.location.pathname).toBe('/deuxieme'));
  });

  it('keeps the screen on display while the next screen’s code is on its way, without the fallback', async () => {
    const code = deferred<typeof Second>();
    const routes = [
      { path: '/premiere', Component: lazyScreen(async () => First) },
      { path: '/deuxieme', Component: lazyScreen(() => code.promise) },
    ];
    await routes[0]?.Component.preload();
    render(
      <AppRouter routes={routes}>
        <Screens routes={routes} />
      </AppRouter>,
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Suivant' })));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Première page');
    expect(screen.queryByText('Chargement…')).not.toBeInTheDocument();
    await act(async () => code.resolve(Second));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Deuxième page');
  });
});

import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotificationViewport } from '../notifications/NotificationViewport';
import { notifications } from '../notifications/notificationStore';
import { flowStore } from '../patient/flowStore';
import { fakeApi } from '../test/fakeApi';
import type { Answers45to50, Answers60to65 } from '@bilan/generated/types';
import { EMPTY_LOG, SummaryPage } from './SummaryPage';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/summary', Component: SummaryPage },
      { path: '/submit', Component: () => <h1>Soumission</h1> },
    ],
    { initialEntries: [path] },
  );
  render(
    <>
      <RouterProvider router={router} />
      <NotificationViewport />
    </>,
  );
  return router;
}

afterEach(() => {
  notifications.clear();
  flowStore.reset();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('SummaryPage', () => {
  it("reloads the real flow's answers from the server after a reload", async () => {
    sessionStorage.setItem('token', 'tok');
    const stored: Answers45to50 = { physicalHealth: { height: 170 } };
    fakeApi({ 'GET /api/utilisateur/me': () => [200, { ageGroup: '45to50', reponses: stored, savedPages: ['physicalHealth'] }] });
    renderAt('/summary');
    await screen.findByText(/"height": 170/);
    expect(JSON.parse(screen.getByLabelText('Réponses au format JSON').textContent ?? '')).toEqual(stored);
  });

  it('logs that there is nothing when no answer was given', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    renderAt('/summary');
    await userEvent.click(screen.getByRole('button', { name: 'Afficher les réponses dans la console' }));
    expect(log).toHaveBeenCalledWith(EMPTY_LOG);
  });

  it('shows the answers as JSON, logs them and links to the submission screen', async () => {
    const answers: Answers60to65 = { lifestyle: { gender: 'Une femme' } };
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    act(() => {
      flowStore.startDemo({ email: 'a@example.fr', band: '60to65' });
      flowStore.saveSection('lifestyle', answers.lifestyle ?? {});
    });
    const router = renderAt('/summary');
    expect(JSON.parse(screen.getByLabelText('Réponses au format JSON').textContent ?? '')).toEqual(answers);
    await userEvent.click(screen.getByRole('button', { name: 'Afficher les réponses dans la console' }));
    expect(log).toHaveBeenCalledWith(answers);
    await userEvent.click(screen.getByRole('link', { name: 'Finaliser et Soumettre' }));
    expect(router.state.location.pathname).toBe('/submit');
  });
});

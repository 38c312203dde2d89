import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '../notifications/notificationStore';
import { flowStore } from '../patient/flowStore';
import { fakeApi } from '../test/fakeApi';
import type { Answers60to65 } from '@bilan/generated/types';
import { EMPTY_LOG, SummaryPage } from './SummaryPage';
import { renderRoutes } from '../test/renderRoutes';

function renderAt(path: string) {
  return renderRoutes(
    [
      { path: '/summary', Component: SummaryPage },
      { path: '/submit', Component: () => <h1>Soumission</h1> },
    ],
    [path],
  );
}

afterEach(() => {
  notifications.clear();
  flowStore.reset();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('SummaryPage', () => {
  it("never shows a patient's answers, in memory or on the server (D23)", async () => {
    sessionStorage.setItem('token', 'tok');
    const calls = fakeApi({});
    act(() => {
      flowStore.startReal('45to50', { token: 'tok', definition: null });
      flowStore.saveSection('physicalHealth', { height: 170 });
    });
    renderAt('/summary');
    expect(JSON.parse(screen.getByLabelText('Réponses au format JSON').textContent ?? '')).toEqual({});
    expect(calls).toHaveLength(0);
  });

  it('logs that there is nothing when no answer was given', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    renderAt('/summary');
    await userEvent.click(screen.getByRole('button', { name: 'Afficher les réponses dans la console' }));
    expect(log).toHaveBeenCalledWith(EMPTY_LOG);
  });

  it('shows the answers as JSON, logs them and links to the submission screen', async () => {
    const answers: Answers60to65 = { lifestyle: { gender: 'female' } };
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

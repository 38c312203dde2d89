import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../test/fakeApi';
import { endPatientSession } from './endPatientSession';
import { flowStore } from './flowStore';
import { IDLE_ANSWER_MS, IDLE_ASK_MS, idleClock } from './idleClock';
import { PauseScreen } from './PauseScreen';
import { RESUME_TITLE } from './ResumeDialog';
import { SessionGate } from './SessionGate';
import { STILL_HERE_TITLE } from './StillHereDialog';

function renderGate() {
  const router = createMemoryRouter(
    [
      { path: '/:pharmacyName/userform', Component: () => <h1>Inscription</h1> },
      { path: '/:pharmacyName/pause', Component: PauseScreen },
      {
        path: '/:pharmacyName/parts45to50/:step',
        element: (
          <SessionGate pharmacyName="pharmacie-demo">
            <p>Réponses de Paul</p>
          </SessionGate>
        ),
      },
    ],
    { initialEntries: ['/pharmacie-demo/parts45to50/generalQuestions'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(() => {
  vi.useFakeTimers();
  sessionStorage.setItem('token', 'tok');
  act(() => flowStore.startReal('45to50', { token: 'tok', definition: null }));
  idleClock.touch();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  endPatientSession();
});

describe('« Vous êtes toujours là ? » (D39)', () => {
  it('asks after 3 minutes without a touch; « Oui, je continue » keeps the page and tells the server', () => {
    const calls = fakeApi({ 'POST /api/utilisateur/me/still-here': () => [200, { status: 'seen' }] });
    renderGate();
    advance(IDLE_ASK_MS - 1_000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    advance(1_000);
    const dialog = screen.getByRole('dialog', { name: STILL_HERE_TITLE() });
    // The focus is in the dialog, on its title (read first), and its button is plain.
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(screen.getByText('Réponses de Paul')).toBeInTheDocument();
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Oui, je continue' }));
    fireEvent.click(screen.getByRole('button', { name: 'Oui, je continue' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Réponses de Paul')).toBeInTheDocument();
    // The tap said it once (the first action), the answer again at once.
    expect(calls.map((c) => [c.path, c.authorization])).toEqual([
      ['/api/utilisateur/me/still-here', 'Bearer tok'],
      ['/api/utilisateur/me/still-here', 'Bearer tok'],
    ]);
    // The pause starts again from the answer.
    advance(IDLE_ASK_MS - 1_000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('without an answer within 60 seconds, hides the answers behind the resume question at a neutral address', () => {
    fakeApi({});
    const router = renderGate();
    advance(IDLE_ASK_MS);
    expect(screen.getByRole('dialog', { name: STILL_HERE_TITLE() })).toBeInTheDocument();
    advance(IDLE_ANSWER_MS - 1_000);
    expect(screen.getByText('Réponses de Paul')).toBeInTheDocument();
    advance(1_000);
    expect(screen.queryByText('Réponses de Paul')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: RESUME_TITLE })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/pharmacie-demo/pause');
  });

  it('tells the server the person is active at most once a minute', () => {
    const calls = fakeApi({ 'POST /api/utilisateur/me/still-here': () => [200, { status: 'seen' }] });
    renderGate();
    for (let i = 0; i < 6; i++) {
      advance(20_000);
      fireEvent.keyDown(window, { key: 'a' });
    }
    // At 20, 40 … 120 s: sent at 20 s and 80 s (not 40, 60, 100 nor 120).
    expect(calls).toHaveLength(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

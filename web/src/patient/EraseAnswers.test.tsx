import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '../notifications/notificationStore';
import { fakeApi } from '../test/fakeApi';
import { renderRoutes } from '../test/renderRoutes';
import { EraseAnswers } from './EraseAnswers';
import { ERASE_FAILED, ERASED } from './flowMessages';
import { flowStore } from './flowStore';

function renderErase() {
  sessionStorage.setItem('token', 'tok');
  act(() => flowStore.startReal('18to25', { token: 'tok', definition: null }));
  return renderRoutes(
    [
      { path: '/:pharmacyName/userform', Component: () => <h1>Inscription</h1> },
      { path: '/:pharmacyName/page', Component: () => <EraseAnswers pharmacyName="pharmacie-demo" /> },
    ],
    ['/pharmacie-demo/page'],
  );
}

afterEach(() => {
  notifications.clear();
  flowStore.reset();
  vi.unstubAllGlobals();
});

describe('EraseAnswers', () => {
  it('asks first; "Non" erases nothing', async () => {
    const calls = fakeApi({});
    renderErase();
    await userEvent.click(screen.getByRole('button', { name: 'Arrêter et effacer mes réponses' }));
    expect(screen.getByRole('dialog', { name: 'Effacer vos réponses\u00a0?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Non, continuer le questionnaire' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls).toEqual([]);
    expect(sessionStorage.getItem('token')).toBe('tok');
  });

  it('deletes the form on the server, then the device forgets it and shows the start screen', async () => {
    const calls = fakeApi({ 'DELETE /api/utilisateur/me': () => [200, { status: 'erased' }] });
    const router = renderErase();
    await userEvent.click(screen.getByRole('button', { name: 'Arrêter et effacer mes réponses' }));
    await userEvent.click(screen.getByRole('button', { name: 'Oui, effacer mes réponses' }));
    await screen.findByRole('heading', { name: 'Inscription' });
    expect(calls.map((c) => [c.method, c.path, c.authorization])).toEqual([
      ['DELETE', '/api/utilisateur/me', 'Bearer tok'],
    ]);
    expect(router.state.location.pathname).toBe('/pharmacie-demo/userform');
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(flowStore.get().flow).toBeNull();
    expect(notifications.snapshot().map((n) => n.text)).toEqual([ERASED()]);
  });

  it('keeps everything and says so when the server cannot be reached', async () => {
    fakeApi({ 'DELETE /api/utilisateur/me': () => [0, null] });
    renderErase();
    await userEvent.click(screen.getByRole('button', { name: 'Arrêter et effacer mes réponses' }));
    await userEvent.click(screen.getByRole('button', { name: 'Oui, effacer mes réponses' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/n’ont pas pu être effacées/));
    expect(ERASE_FAILED()).toMatch(/n’ont pas pu être effacées/);
    expect(sessionStorage.getItem('token')).toBe('tok');
    expect(flowStore.get().flow).toBe('real');
  });
});

import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '../notifications/notificationStore';
import { flowStore } from '../patient/flowStore';
import { fakeApi } from '../test/fakeApi';
import { fakeBotCheck } from '../test/fakeBotCheck';
import { SubmitPage } from './SubmitPage';
import { renderRoutes } from '../test/renderRoutes';

function renderAt(path: string) {
  return renderRoutes([{ path: '/submit', Component: SubmitPage }], [path]);
}

afterEach(() => {
  notifications.clear();
  flowStore.reset();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('SubmitPage', () => {
  it('reports each call with the catalogue messages', async () => {
    act(() => flowStore.startDemo({ email: 'a@example.fr', band: '60to65' }));
    let status = 200;
    const calls = fakeApi({
      ...(await fakeBotCheck()),
      'POST /api/storeJson': () => [status, { code: 'x', message: 'x', error: 'x' }],
      'POST /api/send-test-email': () => [status, { code: 'x', message: 'x', error: 'x' }],
      'POST /api/pdf/fill-pdf': () => [status, { code: 'x', message: 'x', error: 'x' }],
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/submit');
    await userEvent.click(screen.getByRole('button', { name: 'Soumettre au serveur' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Réponses sauvegardées avec succès !');
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer par e-mail' }));
    expect(await screen.findByText('Email envoyé avec succès !')).toBeInTheDocument();
    status = 500;
    await userEvent.click(screen.getByRole('button', { name: 'Soumettre au serveur' }));
    expect(await screen.findByText('Erreur lors de l’enregistrement des réponses.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Télécharger le PDF rempli' }));
    expect(await screen.findByText('Impossible de télécharger le PDF.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer par e-mail' }));
    expect(await screen.findByText('Erreur lors de l’envoi de l’email.')).toBeInTheDocument();
    status = 0;
    await userEvent.click(screen.getByRole('button', { name: 'Soumettre au serveur' }));
    expect(await screen.findByText('Impossible de communiquer avec le serveur.')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/storeJson')?.body).toEqual({ responses: {}, ageGroup: '60to65' });
  });

  it('shows "Envoi…" on the button whose call runs, and no second call meanwhile', async () => {
    act(() => flowStore.startDemo({ email: 'a@example.fr', band: '60to65' }));
    let release: () => void = () => undefined;
    const fetches = vi.fn(
      () => new Promise<Response>((resolve) => (release = () => resolve(new Response('{}', { status: 200 })))),
    );
    vi.stubGlobal('fetch', fetches);
    renderAt('/submit');
    await userEvent.click(screen.getByRole('button', { name: 'Soumettre au serveur' }));
    expect(screen.getByRole('button', { name: 'Envoi…' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Envoyer par e-mail' })).toBeDisabled();
    act(() => release());
    expect(await screen.findByRole('button', { name: 'Soumettre au serveur' })).toBeEnabled();
    expect(fetches).toHaveBeenCalledTimes(1);
  });
});

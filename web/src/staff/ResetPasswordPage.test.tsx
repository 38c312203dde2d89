import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmailVerifiedPage } from './EmailVerifiedPage';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { ResetPasswordPage } from './ResetPasswordPage';
import { json, stubFetch } from '../test/stubFetch';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/reset-password', Component: ResetPasswordPage },
      { path: '/forgot-password', Component: ForgotPasswordPage },
      { path: '/email-verifie', Component: EmailVerifiedPage },
      { path: '/login', element: <p>login page</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('ResetPasswordPage', () => {
  it('refuses different passwords, then confirms and goes to /login after 3 seconds', async () => {
    const calls = stubFetch({ 'POST /api/auth/reset-password': () => new Response('Mot de passe mis à jour.') });
    const router = renderAt('/reset-password#token=tok');
    await userEvent.type(screen.getByLabelText('Nouveau mot de passe'), 'cheval agrafe pile');
    await userEvent.type(screen.getByLabelText('Confirmer le mot de passe'), 'autre chose encore');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Les mots de passe ne correspondent pas.');
    await userEvent.clear(screen.getByLabelText('Confirmer le mot de passe'));
    await userEvent.type(screen.getByLabelText('Confirmer le mot de passe'), 'cheval agrafe pile');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Mot de passe mis à jour. Redirection…');
    expect(calls[0]?.body).toEqual({ token: 'tok', newPassword: 'cheval agrafe pile' });
    await act(async () => {
      vi.advanceTimersByTime(2900);
    });
    expect(router.state.location.pathname).toBe('/reset-password');
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the server text of a refused token, and the network message', async () => {
    stubFetch({
      'POST /api/auth/reset-password': () =>
        new Response(JSON.stringify({ code: 'invalid_token', message: 'Lien invalide ou expiré.' }), { status: 400 }),
    });
    renderAt('/reset-password#token=tok');
    await userEvent.type(screen.getByLabelText('Nouveau mot de passe'), 'cheval agrafe pile');
    await userEvent.type(screen.getByLabelText('Confirmer le mot de passe'), 'cheval agrafe pile');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Lien invalide ou expiré.');
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Erreur lors de la connexion au serveur.');
  });
});

describe('ForgotPasswordPage', () => {
  it('shows the same answer text the server gives, and the network message', async () => {
    const calls = stubFetch({
      'POST /api/auth/request-reset': () =>
        new Response('Un email de réinitialisation a été envoyé si l’adresse est connue.'),
    });
    renderAt('/forgot-password');
    await userEvent.type(screen.getByLabelText('Adresse e-mail'), ' Who@X.fr');
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Un email de réinitialisation a été envoyé si l’adresse est connue.',
    );
    expect(calls[0]?.body).toEqual({ email: 'who@x.fr' });
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Erreur de connexion au serveur.');
  });
});

describe('EmailVerifiedPage', () => {
  it('posts the token of the link (from its fragment), then offers to log in', async () => {
    const calls = stubFetch({ 'POST /api/auth/verify-email': () => json({ verified: true }) });
    const router = renderAt('/email-verifie#token=tok');
    expect(screen.getByRole('status')).toHaveTextContent('Vérification de votre adresse e-mail…');
    expect(await screen.findByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Adresse e-mail vérifiée');
    expect(calls.map((c) => c.body)).toEqual([{ token: 'tok' }]);
    // The address bar no longer shows the token.
    expect(router.state.location.hash).toBe('');
  });

  it('says the link is invalid when the server refuses it, and when there is no token', async () => {
    stubFetch({
      'POST /api/auth/verify-email': () => json({ code: 'link_invalid', message: 'Lien invalide ou expiré.' }, 400),
    });
    renderAt('/email-verifie#token=used');
    expect(await screen.findByRole('alert')).toHaveTextContent('Lien invalide ou expiré');
    expect(screen.getByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', '/login');
  });

  it('offers to try again when the network fails, and succeeds', async () => {
    let tries = 0;
    stubFetch({
      'POST /api/auth/verify-email': () => {
        tries += 1;
        if (tries === 1) throw new TypeError('Failed to fetch');
        return json({ verified: true });
      },
    });
    renderAt('/email-verifie#token=tok');
    expect(await screen.findByRole('alert')).toHaveTextContent('la connexion au serveur a échoué');
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(
      await screen.findByText('Votre adresse e-mail est vérifiée. Vous pouvez maintenant vous connecter.'),
    ).toBeInTheDocument();
  });
});

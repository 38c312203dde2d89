import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RegisterPage } from './RegisterPage';
import { json, stubFetch } from '../test/stubFetch';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/register', Component: RegisterPage },
      { path: '/login', lazy: async () => ({ Component: (await import('./LoginPage')).LoginPage }) },
      { path: '/', element: <p>home</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => vi.unstubAllGlobals());

describe('RegisterPage', () => {
  it('without an invitation shows the missing message, the contact and home buttons', async () => {
    stubFetch({ 'GET /api/public/site-config': () => json({ contactEmail: 'contact@x.fr' }) });
    renderAt('/register');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Invitation manquante. Utilisez le lien d’inscription transmis.',
    );
    expect(screen.getByRole('link', { name: 'Retour à l’accueil' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Contacter l’équipe par e-mail' }).getAttribute('href')).toMatch(
      /^mailto:/,
    );
  });

  it.each([
    ['expired', 'Invitation expirée. Demandez un nouveau lien.'],
    ['used', 'Invitation déjà utilisée.'],
    ['not_found', 'Invitation introuvable.'],
  ])('shows the %s reason', async (reason, message) => {
    stubFetch({ 'POST /api/auth/check-invite': () => json({ valid: false, reason, email: null, expiresAt: null }) });
    renderAt('/register#invite=abc');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('treats a failed check as not found', async () => {
    stubFetch({ 'POST /api/auth/check-invite': () => new Response('boom', { status: 500 }) });
    renderAt('/register#invite=abc');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invitation introuvable.');
  });

  it('reads the invitation from the fragment, forgets it from the address, and reads a newer link opened in the same tab', async () => {
    const calls = stubFetch({
      'POST /api/auth/check-invite': (call) =>
        json({
          valid: false,
          reason: (call.body as { token: string }).token === 'b' ? 'used' : 'expired',
          email: null,
          expiresAt: null,
        }),
    });
    const router = renderAt('/register#invite=a');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invitation expirée.');
    expect(router.state.location.hash).toBe('');
    await act(() => router.navigate('/register#invite=b'));
    expect(await screen.findByText('Invitation déjà utilisée.')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/auth/check-invite').map((c) => c.body)).toEqual([
      { token: 'a' },
      { token: 'b' },
    ]);
    expect(router.state.location.hash).toBe('');
  });

  it('still reads an invitation link e-mailed by an earlier version (?invite=), and clears it from the address', async () => {
    const calls = stubFetch({
      'POST /api/auth/check-invite': () => json({ valid: false, reason: 'expired', email: null, expiresAt: null }),
    });
    const router = renderAt('/register?invite=old');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invitation expirée.');
    expect(calls.filter((c) => c.url === '/api/auth/check-invite').map((c) => c.body)).toEqual([{ token: 'old' }]);
    expect(router.state.location.search).toBe('');
  });

  it('fixes the e-mail of the invitation, checks the confirmation, then registers and goes to /login', async () => {
    const calls = stubFetch({
      'POST /api/auth/check-invite': () =>
        json({ valid: true, reason: null, email: 'p@x.fr', expiresAt: '2026-12-01T10:00:00.000Z' }),
      'POST /api/auth/register': () => json({ message: 'ok' }, 201),
    });
    const router = renderAt('/register#invite=tok');
    const email = await screen.findByLabelText('Adresse e-mail');
    expect(email).toHaveValue('p@x.fr');
    expect(email).toHaveAttribute('readonly');
    expect(screen.getByText('Lien valable jusqu’au 1er décembre 2026')).toBeInTheDocument();
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await userEvent.type(screen.getByLabelText('Nom du compte'), '  pharma-centre');
    await userEvent.type(screen.getByLabelText('Nom affiché'), 'Pharmacie du Centre');
    await userEvent.type(screen.getByLabelText('Mot de passe'), 'cheval agrafe pile');
    await userEvent.type(screen.getByLabelText('Confirmer le mot de passe'), 'cheval agrafe pilE');
    await userEvent.click(screen.getByRole('button', { name: 'Créer le compte' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Les mots de passe ne correspondent pas.');
    expect(calls.some((c) => c.url === '/api/auth/register')).toBe(false);
    await userEvent.clear(screen.getByLabelText('Confirmer le mot de passe'));
    await userEvent.type(screen.getByLabelText('Confirmer le mot de passe'), 'cheval agrafe pile');
    await userEvent.click(screen.getByRole('button', { name: 'Créer le compte' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Compte créé. Ouvrez le lien reçu par e-mail');
    expect(router.state.location.pathname).toBe('/login');
    expect(calls.find((c) => c.url === '/api/auth/register')?.body).toEqual({
      name: 'pharma-centre',
      nom: 'Pharmacie du Centre',
      email: 'p@x.fr',
      password: 'cheval agrafe pile',
      inviteToken: 'tok',
    });
  });

  it("shows the server's refusal of a common password", async () => {
    stubFetch({
      'POST /api/auth/check-invite': () => json({ valid: true, reason: null, email: null, expiresAt: null }),
      'POST /api/auth/register': () =>
        json(
          { code: 'password_common', message: 'Ce mot de passe fait partie des mots de passe les plus courants.' },
          400,
        ),
    });
    renderAt('/register#invite=tok');
    await userEvent.type(await screen.findByLabelText('Nom du compte'), 'pharma');
    await userEvent.type(screen.getByLabelText('Nom affiché'), 'Pharma');
    await userEvent.type(screen.getByLabelText('Adresse e-mail'), 'p@x.fr');
    await userEvent.type(screen.getByLabelText('Mot de passe'), 'motdepasse123');
    await userEvent.type(screen.getByLabelText('Confirmer le mot de passe'), 'motdepasse123');
    await userEvent.click(screen.getByRole('button', { name: 'Créer le compte' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/plus courants/);
  });
});

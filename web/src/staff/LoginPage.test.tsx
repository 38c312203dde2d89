import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from './LoginPage';
import { VerifyPage } from './VerifyPage';
import { json, stubFetch } from '../test/stubFetch';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', Component: LoginPage },
      { path: '/verify', Component: VerifyPage },
      { path: '/admin/dashboard', element: <p>admin page</p> },
      { path: '/:pharmacyName/dashboard', element: <p>pharmacy page</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => vi.unstubAllGlobals());

describe('LoginPage', () => {
  it('sends the trimmed lower-cased e-mail, clears the old session and goes to /verify with the temp token', async () => {
    localStorage.setItem('token', 'old');
    const calls = stubFetch({ 'POST /api/auth/login': () => json({ step: 'verify', token: 'temp-1' }) });
    const router = renderAt('/login');
    await userEvent.type(screen.getByLabelText('Adresse e-mail'), '  Pharma@Example.FR ');
    await userEvent.type(screen.getByLabelText('Mot de passe'), 'une phrase longue');
    await userEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(await screen.findByText(/Code envoyé à/)).toHaveTextContent('Code envoyé à pharma@example.fr');
    expect(calls[0]?.body).toEqual({ email: 'pharma@example.fr', password: 'une phrase longue' });
    expect(localStorage.getItem('token')).toBeNull();
    expect(router.state.location.pathname).toBe('/verify');
  });

  it('shows the server message, or "Erreur de connexion" when the network fails', async () => {
    stubFetch({
      'POST /api/auth/login': () => json({ code: 'invalid_credentials', message: 'Identifiants invalides.' }, 401),
    });
    renderAt('/login');
    await userEvent.type(screen.getByLabelText('Adresse e-mail'), 'a@b.fr');
    await userEvent.type(screen.getByLabelText('Mot de passe'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Identifiants invalides.');
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
    await userEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Erreur de connexion');
  });

  it('toggles the password visibility', async () => {
    renderAt('/login');
    const input = screen.getByLabelText('Mot de passe');
    expect(input).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: /Afficher/ }));
    expect(input).toHaveAttribute('type', 'text');
    expect(screen.getByRole('link', { name: 'Mot de passe oublié\u00a0?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});

describe('VerifyPage', () => {
  it('without a pending verification says so, disables Valider and offers the way back', async () => {
    const router = renderAt('/verify');
    expect(screen.getByRole('alert')).toHaveTextContent('Session de vérification expirée. Merci de vous reconnecter.');
    expect(screen.getByRole('button', { name: 'Valider' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Retour à la connexion' }));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('keeps digits only, at most 6, then redirects an admin to /admin/dashboard', async () => {
    sessionStorage.setItem('tempToken', 'temp-1');
    sessionStorage.setItem('pendingEmail', 'admin@x.fr');
    const calls = stubFetch({
      // The web app's answer: the session comes as an HttpOnly cookie, never in the body (D36).
      'POST /api/auth/verify': () =>
        json({ client: { id: 1, name: 'admin', nom: 'Admin', email: 'admin@x.fr', role: 'ADMIN' } }),
    });
    const router = renderAt('/verify');
    const input = screen.getByLabelText(/Code de vérification/);
    await userEvent.type(input, '12a34-5678');
    expect(input).toHaveValue('123456');
    await userEvent.click(screen.getByRole('button', { name: 'Valider' }));
    expect(await screen.findByText('admin page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
    expect(calls[0]).toMatchObject({
      body: { email: 'admin@x.fr', code: '123456' },
      auth: 'Bearer temp-1',
      client: 'web',
    });
    // Nothing of the session in the page's storage: who signed in only.
    expect(localStorage.getItem('token')).toBeNull();
    expect(JSON.parse(localStorage.getItem('client') ?? 'null')).toMatchObject({ name: 'admin' });
    expect(sessionStorage.getItem('tempToken')).toBeNull();
  });

  it('after the 5th wrong code offers only the way back to login', async () => {
    sessionStorage.setItem('tempToken', 'temp-1');
    sessionStorage.setItem('pendingEmail', 'p@x.fr');
    stubFetch({
      'POST /api/auth/verify': () =>
        json(
          {
            code: 'too_many_code_attempts',
            message: 'Trop de codes erronés. Merci de vous reconnecter pour recevoir un nouveau code.',
          },
          401,
        ),
    });
    renderAt('/verify');
    await userEvent.type(screen.getByLabelText(/Code de vérification/), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Valider' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Trop de codes erronés.');
    expect(screen.getByRole('button', { name: 'Valider' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Retour à la connexion' })).toBeInTheDocument();
    expect(sessionStorage.getItem('tempToken')).toBeNull();
  });

  it('sends a pharmacist to its own dashboard, and shows a refused code', async () => {
    sessionStorage.setItem('tempToken', 'temp-1');
    sessionStorage.setItem('pendingEmail', 'p@x.fr');
    let first = true;
    stubFetch({
      'POST /api/auth/verify': () => {
        if (first) {
          first = false;
          return json({ code: 'invalid_code', message: 'Code invalide ou expiré.' }, 401);
        }
        return json({ client: { id: 2, name: 'pharma-centre', nom: 'P', email: 'p@x.fr', role: 'pharmacy' } });
      },
    });
    const router = renderAt('/verify');
    await userEvent.type(screen.getByLabelText(/Code de vérification/), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Valider' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Code invalide ou expiré.');
    await userEvent.click(screen.getByRole('button', { name: 'Valider' }));
    expect(await screen.findByText('pharmacy page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/pharma-centre/dashboard');
  });

  it('offers « Renvoyer le code » after 60 seconds, sends it, says so, and waits another minute', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      sessionStorage.setItem('tempToken', 'temp-1');
      sessionStorage.setItem('pendingEmail', 'p@x.fr');
      let tooSoon = false;
      const calls = stubFetch({
        'POST /api/auth/resend-code': () =>
          tooSoon
            ? new Response(
                JSON.stringify({
                  code: 'resend_too_soon',
                  message: 'Un nouveau code pourra être demandé dans 5\u00a0s.',
                }),
                { status: 429, headers: { 'Retry-After': '5' } },
              )
            : json({ status: 'sent', resendAfterSeconds: 60 }, 202),
      });
      renderAt('/verify');
      expect(screen.getByText(/Vous pourrez demander un nouveau code dans 60/)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Renvoyer le code' })).toBeNull();
      await act(() => vi.advanceTimersByTimeAsync(59_000));
      expect(screen.queryByRole('button', { name: 'Renvoyer le code' })).toBeNull();
      expect(screen.getByText(/Vous pourrez demander un nouveau code dans 1 s\./)).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(1_000));
      await userEvent.click(screen.getByRole('button', { name: 'Renvoyer le code' }));
      expect(await screen.findByText('Un nouveau code a été envoyé.')).toBeInTheDocument();
      expect(calls.at(-1)).toMatchObject({ method: 'POST', auth: 'Bearer temp-1' });
      expect(screen.queryByRole('button', { name: 'Renvoyer le code' })).toBeNull();
      await act(() => vi.advanceTimersByTimeAsync(60_000));
      tooSoon = true;
      await userEvent.click(screen.getByRole('button', { name: 'Renvoyer le code' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Un nouveau code pourra être demandé dans 5 s.');
      expect(screen.getByText(/dans 5 s\./, { selector: '.hint' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});

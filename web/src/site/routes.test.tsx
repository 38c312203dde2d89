import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyScreen } from '../routing/lazyScreen';
import { renderSite } from '../test/testRouter';

afterEach(() => {
  vi.unstubAllGlobals();
});

function Boom(): never {
  throw new Error('panne de test');
}

describe('siteRoutes', () => {
  it('answers an unknown address with "Page introuvable" and a link home', async () => {
    const { router } = renderSite('/nimporte/quoi');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page introuvable' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'Retour à l’accueil' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { level: 1, name: /préparé avant le comptoir/ })).toBeInTheDocument();
  });

  it.each([
    ['/mentions-legales', 'Mentions légales', '14 août 2025'],
    ['/politiqueConfidentialite', 'Politique de confidentialité', '14 août 2025'],
    ['/cgu', 'Conditions générales d’utilisation', '29 août 2025'],
  ])('serves %s with its title and date', async (path, title, date) => {
    renderSite(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText(date)).toBeInTheDocument();
    // Set by the page's effect, which may run after its heading is on screen.
    await waitFor(() => expect(document.title).toBe(`${title} | Bilan Prévention`));
  });

  it('shows the error screen with the message when a route fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // React reports the thrown error
    renderSite('/casse', {}, { extraRoutes: [{ path: '/casse', Component: Boom }] });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Une erreur inattendue est survenue');
    expect(alert).toHaveTextContent('panne de test');
    expect(screen.getByRole('link', { name: 'Retour à l’accueil' })).toHaveAttribute('href', '/');
    vi.mocked(console.error).mockRestore();
  });

  it('leaves the error screen for the screen of the next address (Back, a link), and shows it again on return', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { router } = renderSite('/mentions-legales', {}, { extraRoutes: [{ path: '/casse', Component: Boom }] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mentions légales' })).toBeInTheDocument();
    await act(() => router.navigate('/casse'));
    expect(await screen.findByRole('alert')).toHaveTextContent('panne de test');
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mentions légales' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await act(() => router.navigate('/casse'));
    expect(await screen.findByRole('alert')).toHaveTextContent('panne de test');
    vi.mocked(console.error).mockRestore();
  });

  it("shows the error screen when a screen's code cannot be downloaded", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Unreachable = lazyScreen(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    renderSite('/hors-ligne', {}, { extraRoutes: [{ path: '/hors-ligne', Component: Unreachable }] });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch dynamically imported module');
    vi.mocked(console.error).mockRestore();
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSite } from '../test/testRouter';
import { durationText } from '../questionnaire/durationText';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('LandingPage', () => {
  it('says how long the questionnaire takes with the words of its start (« Environ 15 à 20 minutes »)', async () => {
    renderSite('/', { legal: {}, pricing: { standard: null, pro: null, proPlus: null } });
    await screen.findByRole('heading', { level: 1 });
    const words = durationText(null).toLowerCase();
    expect(words).toMatch(/^environ \d+( à \d+)?\u00a0minutes$/);
    expect(document.body.textContent?.replace(/\u00a0/g, ' ')).toContain(words.replace(/\u00a0/g, ' '));
    expect(screen.queryByText('quelques minutes', { exact: false })).toBeNull();
  });

  it('reads the prices from the site configuration, once', async () => {
    const { fetchSpy } = renderSite('/', {
      legal: { contactEmail: 'contact@example.fr' },
      pricing: { standard: '4,90 €', pro: null, proPlus: null },
    });
    await waitFor(() => expect(screen.getByTestId('price-standard')).toHaveTextContent('4,90 € par formulaire'));
    expect(screen.getByTestId('price-pro')).toHaveTextContent('Sur devis');
    // Landing page, pricing and footer share a single request.
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('shows "Sur devis" everywhere when the configuration request fails', async () => {
    renderSite('/', { code: 'internal' }, { status: 500 });
    await waitFor(() => expect(screen.getByTestId('price-proPlus')).toHaveTextContent('Sur devis'));
  });

  it('leaves the Login link to the browser: a full page load of /login', async () => {
    const { router } = renderSite('/');
    const login = await screen.findByRole('link', { name: 'Se connecter' });
    expect(login).toHaveAttribute('href', '/login');
    let preventedByApp: boolean | null = null;
    const spy = (event: MouseEvent) => {
      preventedByApp = event.defaultPrevented;
      event.preventDefault(); // jsdom cannot load another document
    };
    window.addEventListener('click', spy);
    fireEvent.click(login);
    window.removeEventListener('click', spy);
    expect(preventedByApp).toBe(false);
    expect(router.state.location.pathname).toBe('/');
  });

  it('goes to the demo form from the top of the page', async () => {
    const { router } = renderSite('/');
    const hero = await screen.findByRole('region', { name: /préparé avant le comptoir/ });
    fireEvent.click(within(hero).getByRole('link', { name: 'Voir un exemple de formulaire' }));
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'instant' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/form'));
  });

  it('invites to a free trial by e-mail to the configured contact', async () => {
    renderSite('/', { legal: { contactEmail: 'contact@example.fr' } });
    const trial = await screen.findByRole('link', { name: 'Demander un essai gratuit' });
    expect(trial.getAttribute('href')).toMatch(/^mailto:contact@example\.fr\?subject=/);
  });

  it('labels the dashboard preview as fictitious', async () => {
    renderSite('/');
    expect(await screen.findByText(/les noms, dates et chiffres sont fictifs/)).toBeInTheDocument();
  });
});

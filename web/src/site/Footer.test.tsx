import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderSite } from '../test/testRouter';

// jsdom has no layout: the page and window heights are set by hand.
function setPage(docHeight: number, innerHeight: number, scrollY: number) {
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: docHeight });
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: innerHeight });
  Object.defineProperty(window, 'scrollY', { configurable: true, value: scrollY });
}

async function scrollTo(scrollY: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: scrollY });
  await act(async () => {
    window.dispatchEvent(new Event('scroll'));
    await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
  });
}

beforeEach(() => {
  setPage(3000, 800, 0);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  setPage(0, 768, 0);
});

describe('Footer', () => {
  it('is hidden at the top of a long page and appears near the bottom', async () => {
    // New Year's Eve, 23:30 UTC: already the next year in Paris, whatever this machine's zone.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-31T23:30:00Z'));
    renderSite('/cgu', { legal: { contactEmail: 'contact@example.fr', publisherName: 'Jeanne Martin EI' } });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('contentinfo')).toBeNull();
    await scrollTo(3000 - 800 - 40);
    const footer = screen.getByRole('contentinfo');
    // The contact and credit come with the site configuration, which may still be on its way.
    await waitFor(() => expect(footer).toHaveTextContent('Conception et développement : Jeanne Martin EI'));
    expect(footer).toHaveTextContent('© 2027 Bilan Prévention');
    expect(footer).toHaveTextContent('Tous droits réservés');
    const links = within(footer)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(links).toEqual([
      '/mentions-legales',
      '/politiqueConfidentialite',
      '/politiqueConfidentialite#cookies',
      '/cgu',
      'mailto:contact@example.fr',
    ]);
  });

  it('stays while the user scrolls back up a little, and hides past the hysteresis', async () => {
    renderSite('/cgu');
    await screen.findByRole('heading', { level: 1 });
    await scrollTo(2200);
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    await scrollTo(2200 - 100);
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    await scrollTo(2200 - 130);
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it('counts the bottom at the end of the content, above the footer box', async () => {
    const { container } = renderSite('/cgu');
    await screen.findByRole('heading', { level: 1 });
    const footer = container.querySelector('#site-footer') as HTMLElement;
    Object.defineProperty(footer, 'offsetHeight', { configurable: true, value: 200 });
    // Content ends at 2800 px: the last paragraph at the window bottom is 40 px away from it.
    await scrollTo(2800 - 800 - 60);
    expect(screen.queryByRole('contentinfo')).toBeNull();
    await scrollTo(2800 - 800 - 40);
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('shows at once on a page shorter than the window', async () => {
    setPage(500, 800, 0);
    renderSite('/nulle-part');
    await screen.findByRole('heading', { level: 1, name: 'Page introuvable' });
    expect(await screen.findByRole('contentinfo')).toBeInTheDocument();
  });

  it('writes a placeholder instead of a mail link when no contact is configured', async () => {
    setPage(500, 800, 0);
    renderSite('/nulle-part');
    const footer = await screen.findByRole('contentinfo');
    await within(footer).findByText(/Contact : \[à compléter\]/);
    expect(within(footer).queryByRole('link', { name: 'Contact' })).toBeNull();
  });
});

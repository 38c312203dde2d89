import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppTree } from '../prerender/appTree';
import { AppRoutes } from '../router';
import { stubFetch } from '../test/stubFetch';
import { renderSite } from '../test/testRouter';
import { resetSiteConfigCache } from './useSiteConfig';

const PENDING = 'Mentions légales à compléter\u00a0: ce serveur n’est pas destiné au public';

afterEach(() => {
  vi.unstubAllGlobals();
  resetSiteConfigCache();
});

/** The whole app as the browser mounts it (main.tsx), at `path`, with the server's site config. */
function renderApp(path: string, siteConfig: unknown) {
  resetSiteConfigCache();
  const calls = stubFetch({
    'GET /api/public/site-config': () => new Response(JSON.stringify(siteConfig), { status: 200 }),
  });
  render(
    <AppTree
      router={
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
        </MemoryRouter>
      }
    />,
  );
  return calls;
}

describe('the banner of a server without its legal notice (D38)', () => {
  it.each(['/pharmacie-demo/userform', '/login', '/'])(
    'is on %s when the server says the notice is pending',
    async (path) => {
      renderApp(path, { legal: {}, legalNoticePending: true, pricing: {}, devTools: false });
      expect((await screen.findByRole('note')).textContent).toBe(PENDING);
    },
  );

  it('is absent once the server has every legal fact', async () => {
    const calls = renderApp('/', { legal: {}, legalNoticePending: false, pricing: {}, devTools: false });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    await vi.waitFor(() => expect(calls.map((call) => call.url)).toContain('/api/public/site-config'));
    // The answer is read after the request: give it a few turns before looking.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.body.textContent).not.toContain(PENDING);
  });

  it('replaces the legal notice page’s placeholders by the same sentence, keeping the facts given', async () => {
    renderSite('/mentions-legales', {
      legal: { publisherName: 'Jeanne Exemple EI', hostName: 'Hébergeur Exemple HDS' },
      legalNoticePending: true,
    });
    await screen.findByRole('heading', { level: 1, name: 'Mentions légales' });
    const main = screen.getByRole('main');
    await vi.waitFor(() => expect(main.textContent).toContain('Jeanne Exemple EI'));
    const page = main.textContent;
    expect(page).toContain('Hébergeur Exemple HDS');
    expect(page.split(`${PENDING}.`)).toHaveLength(3); // once in each section that misses a fact
    expect(page).not.toContain('[à compléter]');
    expect(page).not.toContain('SIRET');
  });
});

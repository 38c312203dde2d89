import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetSiteConfigCache } from '../site/useSiteConfig';
import { fakeApi } from '../test/fakeApi';
import { DevToolsOnly } from './DevToolsOnly';

function renderGate() {
  const router = createMemoryRouter(
    [
      {
        path: '/submit',
        Component: () => (
          <DevToolsOnly>
            <h1>Soumission des réponses</h1>
          </DevToolsOnly>
        ),
      },
    ],
    { initialEntries: ['/submit'] },
  );
  render(<RouterProvider router={router} />);
}

afterEach(() => {
  vi.unstubAllGlobals();
  resetSiteConfigCache();
});

describe('DevToolsOnly', () => {
  it('shows the developer screen when the server runs with DEV_TOOLS', async () => {
    fakeApi({ 'GET /api/public/site-config': () => [200, { legal: {}, pricing: {}, devTools: true }] });
    renderGate();
    expect(screen.getByRole('status')).toHaveTextContent('Chargement…');
    expect(await screen.findByRole('heading', { name: 'Soumission des réponses' })).toBeInTheDocument();
  });

  it('says "Page introuvable" in production, and when the configuration cannot be read', async () => {
    for (const answer of [
      [200, { legal: {}, pricing: {}, devTools: false }],
      [0, null],
    ] as const) {
      resetSiteConfigCache();
      fakeApi({ 'GET /api/public/site-config': () => [answer[0], answer[1]] });
      renderGate();
      expect(await screen.findByRole('heading', { name: 'Page introuvable' })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Soumission des réponses' })).toBeNull();
      expect(screen.getByRole('link', { name: 'Retour à l’accueil' })).toHaveAttribute('href', '/');
      cleanup();
    }
  });
});

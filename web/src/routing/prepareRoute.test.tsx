// A page rendered at build is taken over by its own screen at once (src/main.tsx): its screens'
// code and what they need are there before the router's first render.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router-dom';
import { flowStore } from '../patient/flowStore';
import { lazyScreen } from './lazyScreen';
import { versionStatus } from '../questionnaire/versions';
import { routes } from '../router';
import { renderRoutes } from '../test/renderRoutes';
import { prepareRoute } from './prepareRoute';

afterEach(() => flowStore.reset());

describe('prepareRoute', () => {
  it('fetches the code of the matched screens only, then their preloads with the address parameters', async () => {
    const order: string[] = [];
    const Page = () => null;
    const screenOf = (name: string) =>
      lazyScreen(async () => {
        order.push(`${name} code`);
        return Page;
      });
    const thankYou = vi.fn(async () => Page);
    // The app's shape (router.tsx): a layout without a path over routes with absolute paths.
    const table: RouteObject[] = [
      {
        Component: screenOf('layout'),
        children: [
          {
            path: '/:pharmacyName/userform',
            Component: screenOf('page'),
            handle: {
              preload: async (params: Record<string, string | undefined>) =>
                void order.push(`preload ${params.pharmacyName}`),
            },
          },
          { path: '/:pharmacyName/thank-you', Component: lazyScreen(thankYou) },
        ],
      },
    ];
    await prepareRoute(table, '/pharmacie-du-port/userform');
    expect(order.slice(0, 2).sort()).toEqual(['layout code', 'page code']);
    expect(order[2]).toBe('preload pharmacie-du-port');
    expect(thankYou).not.toHaveBeenCalled();
  });

  it('starts the demo of the band in the address and loads its questionnaire: the first render is the page', async () => {
    flowStore.reset();
    await prepareRoute(routes, '/formulaire/test/parts45to50/general');
    expect(flowStore.get()).toMatchObject({ flow: 'demo', band: '45to50' });
    expect(typeof versionStatus('45to50')).toBe('object');
    renderRoutes(routes, ['/formulaire/test/parts45to50/general']);
    // Found at once, not after a "Chargement…": nothing was left to load.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Votre profil et vos maladies');
  });

  it('leaves an address that is no demo band to the page ("Page introuvable")', async () => {
    await prepareRoute(routes, '/formulaire/test/parts99to100/general');
    expect(flowStore.get().flow).not.toBe('demo');
  });
});

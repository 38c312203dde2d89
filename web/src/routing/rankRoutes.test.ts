// The branch chosen once the table is ranked is the one react-router's own matching chooses, for
// every route of the app and the addresses around them, with the same parameters and parts.
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routes } from '../router';
import { rankRoutes } from './rankRoutes';

function leafPaths(table: readonly RouteObject[]): string[] {
  return table.flatMap((route) => [...(route.path ? [route.path] : []), ...leafPaths(route.children ?? [])]);
}

/** Addresses each route answers, and near misses: other values, case, trailing slashes, encoded characters, one segment more or less. */
function addressesFor(path: string): string[] {
  const filled = [
    path.replace(/:[\w-]+/g, 'pharmacie-demo'),
    path.replace(/:[\w-]+/g, 'Pharmacie%20du%20Pont'),
    path.replace(/:[\w-]+/g, 'pharmacie-%C3%A9toile'),
    path.replace(/:[\w-]+/g, (_, i: number) => (i % 2 ? 'parts45to50' : 'summary')),
    path.replace(/:[\w-]+/g, 'a%2Fb'),
  ].map((p) => p.replace(/\*$/, 'reste/de/l-adresse'));
  return filled.flatMap((p) => [p, `${p}/`, p.toUpperCase(), `${p}/en-plus`, p.replace(/\/[^/]*$/, '') || '/']);
}

const ADDRESSES = [
  ...new Set([
    ...leafPaths(routes).flatMap(addressesFor),
    '/',
    '',
    '/%E0%A4%A',
    '/pharmacie-demo/parts45to50/summary',
    '/pharmacie-demo/parts45to50/general',
    '/formulaire/test/parts70to75/sante',
    '/pharmacie-demo/dashboard/formulaires/12/entretien',
    '/admin',
    '/a/b/c/d/e/f',
  ]),
];

describe('rankRoutes', () => {
  const ranked = rankRoutes(routes);

  it.each(ADDRESSES)('chooses the route react-router chooses for %s', (address) => {
    const expected = matchRoutes(routes, address);
    const branch = ranked.branchOf(address);
    expect(branch?.chain ?? null).toEqual(expected?.map((m) => m.route) ?? null);
    // Its matches are react-router's: same routes, parameters and parts.
    const parts = (matches: typeof expected) =>
      matches?.map(({ params, pathname, pathnameBase, route }) => ({ params, pathname, pathnameBase, route })) ?? null;
    expect(parts(ranked.matchOf(address))).toEqual(parts(expected));
  });

  it('gives each route the same branch object every time', () => {
    expect(ranked.branchOf('/pharmacie-demo/parts45to50/general')).toBe(
      ranked.branchOf('/pharmacie-demo/parts45to50/sante'),
    );
  });

  it('refuses a table it would rank differently from react-router', () => {
    expect(() => rankRoutes([{ path: '/a/:b?' }])).toThrow();
    expect(() => rankRoutes([{ index: true }])).toThrow();
    expect(() => rankRoutes([{ path: '/a', children: [{ path: 'b' }] }])).toThrow();
  });
});

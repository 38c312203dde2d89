// The matches rankRoutes finds are drawn as react-router draws them: each layout around the next
// screen through its Outlet, the address's parameters for useParams, relative links resolved
// from the route, nothing for an address no route answers.
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Outlet, useHref, useParams, useRoutes, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { rankRoutes } from './rankRoutes';
import { renderMatches } from './renderMatches';

function Layout() {
  return (
    <div data-testid="layout">
      <Outlet />
    </div>
  );
}
function Step() {
  const { pharmacyName, step } = useParams();
  return <h1>{`${pharmacyName} · ${step} · ${useHref('../summary')}`}</h1>;
}
const table: RouteObject[] = [
  { Component: Layout, children: [{ path: '/:pharmacyName/:part/:step', Component: Step }] },
  { path: '/texte/*', element: <p>texte</p> },
];

function drawAt(address: string) {
  return render(
    <MemoryRouter initialEntries={[address]}>{renderMatches(rankRoutes(table).matchOf(address))}</MemoryRouter>,
  );
}

/** react-router's own drawing of the same table at the same address. */
function ByReactRouter() {
  return useRoutes(table);
}
function drawnByReactRouter(address: string): string {
  const { container, unmount } = render(
    <MemoryRouter initialEntries={[address]}>
      <ByReactRouter />
    </MemoryRouter>,
  );
  const html = container.innerHTML;
  unmount();
  return html;
}

describe('renderMatches', () => {
  it.each([
    '/Pharmacie%20du%20Pont/parts45to50/general',
    '/p/parts18to25/sante/',
    '/texte/a/b/c',
    '/texte',
    '/ailleurs',
  ])('draws %s as useRoutes does', (address) => {
    const expected = drawnByReactRouter(address);
    expect(drawAt(address).container.innerHTML).toBe(expected);
  });

  it('draws the layout around the screen, with the parameters and relative links of the route', () => {
    drawAt('/Pharmacie%20du%20Pont/parts45to50/general');
    const heading = screen.getByRole('heading', { level: 1 });
    expect(screen.getByTestId('layout')).toContainElement(heading);
    expect(heading.textContent).toMatch(/^Pharmacie du Pont · general · \//);
  });

  it('draws a route’s element, and nothing where no route answers', () => {
    drawAt('/texte/a/b/c');
    expect(screen.getByText('texte')).toBeInTheDocument();
    const { container } = drawAt('/ailleurs');
    expect(container).toBeEmptyDOMElement();
  });
});

import { createElement, type ReactElement } from 'react';
import { UNSAFE_RouteContext as RouteContext, type RouteMatch } from 'react-router-dom';

/**
 * The screens of an address's matches (rankRoutes' matchOf), each layout around the next, as
 * react-router's useRoutes draws them for a component router: each in a route context that gives
 * useParams, Outlet and relative links what they read. Ours because useRoutes brought its whole
 * matching and ranking code to every patient's first load, to match again what rankRoutes has
 * matched once (issue 43 §1).
 */
export function renderMatches(matches: readonly RouteMatch[] | null): ReactElement | null {
  if (!matches) return null;
  return matches.reduceRight<ReactElement | null>((outlet, match, index) => {
    const { Component, element } = match.route;
    const children = Component ? createElement(Component) : element !== undefined ? element : outlet;
    return (
      <RouteContext.Provider value={{ outlet, matches: matches.slice(0, index + 1), isDataRoute: false }}>
        {children}
      </RouteContext.Provider>
    );
  }, null);
}

import type { RouteObject } from 'react-router-dom';

/** One route with the layouts above it, as react-router flattens a route table. */
export interface RouteBranch {
  /** From the outermost layout down to the route itself. */
  chain: readonly RouteObject[];
  /** The same chain as a table of its own, each layout holding only the next route: what useRoutes is given. */
  table: RouteObject[];
}

interface RankedBranch extends RouteBranch {
  matcher: RegExp;
  score: number;
  /** The position of each route of the chain among its siblings: the tie-break between equal scores. */
  indexes: number[];
}

// react-router's ranking (its computeScore): a static segment weighs more than a parameter, which
// weighs more than an empty one; a splat lowers the score.
function scoreOf(path: string): number {
  const segments = path.split('/');
  let score = segments.length - (segments.includes('*') ? 2 : 0);
  for (const segment of segments) {
    if (segment === '*') continue;
    score += /^:[\w-]+$/.test(segment) ? 3 : segment === '' ? 1 : 10;
  }
  return score;
}

// react-router's order for equal scores (its compareIndexes): siblings in table order, others as flattened.
function byRank(a: RankedBranch, b: RankedBranch): number {
  if (a.score !== b.score) return b.score - a.score;
  const siblings = a.indexes.length === b.indexes.length && a.indexes.slice(0, -1).every((n, i) => n === b.indexes[i]);
  return siblings ? (a.indexes.at(-1) ?? 0) - (b.indexes.at(-1) ?? 0) : 0;
}

// react-router's pattern (its compilePath, the whole path, not case-sensitive): parameters match
// one segment, a final splat the rest, trailing slashes are allowed.
function matcherOf(path: string): RegExp {
  let source = `^${path
    .replace(/\/*\*?$/, '')
    .replace(/^\/*/, '/')
    .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
    .replace(/\/:[\w-]+/g, '/([^\\/]+)')}`;
  if (path.endsWith('*')) source += path === '*' || path === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$';
  else source += '\\/*$';
  return new RegExp(source, 'i');
}

// As react-router decodes an address before matching it (its decodePath).
function decoded(pathname: string): string {
  try {
    return pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return pathname;
  }
}

function tableOf(chain: readonly RouteObject[]): RouteObject[] {
  const [route, ...rest] = chain;
  if (!route) return [];
  // An index route has no children (flatten refuses it anyway).
  if (rest.length === 0 || route.index) return [route];
  return [{ ...route, children: tableOf(rest) }];
}

function flatten(routes: readonly RouteObject[], parents: RouteObject[] = [], indexes: number[] = []): RankedBranch[] {
  return routes.flatMap((route, index) => {
    // What this file reads of react-router's rules: layouts without a path over routes with an
    // absolute path. Anything else would need more of them: refused rather than matched wrongly.
    if (route.index || route.caseSensitive || route.path?.includes('?'))
      throw new Error(
        `route ${route.path ?? '(index)'}: index, case-sensitive and optional routes are not ranked here`,
      );
    if (route.children?.length) {
      if (route.path !== undefined)
        throw new Error(`route ${route.path}: only a layout without a path may have children`);
      return flatten(route.children, [...parents, route], [...indexes, index]);
    }
    if (route.path === undefined) return [];
    const path = `/${route.path}`.replace(/\/\/+/g, '/');
    const chain = [...parents, route];
    return [
      { chain, table: tableOf(chain), matcher: matcherOf(path), score: scoreOf(path), indexes: [...indexes, index] },
    ];
  });
}

const ranked = new WeakMap<readonly RouteObject[], { branchOf(pathname: string): RouteBranch | null }>();

/**
 * A route table flattened, ranked and compiled once (and kept for that table). react-router's
 * useRoutes does all of that again at every navigation (7-14 ms of a « Suivant » on a phone 4×
 * slower, issue 44); given only the branch that wins, it has one route to match. `branchOf` gives
 * the branch react-router's matchRoutes would choose for an address, or null when none matches.
 */
export function rankRoutes(routes: readonly RouteObject[]): { branchOf(pathname: string): RouteBranch | null } {
  const known = ranked.get(routes);
  if (known) return known;
  const branches = flatten(routes).sort(byRank);
  const table = {
    branchOf(pathname: string) {
      const path = decoded(pathname || '/');
      return branches.find((branch) => branch.matcher.test(path)) ?? null;
    },
  };
  ranked.set(routes, table);
  return table;
}

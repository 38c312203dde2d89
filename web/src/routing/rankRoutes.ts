import type { Params, RouteMatch, RouteObject } from 'react-router-dom';

/** One route with the layouts above it, as react-router flattens a route table. */
interface RouteBranch {
  /** From the outermost layout down to the route itself. */
  chain: readonly RouteObject[];
}

interface RankedBranch extends RouteBranch {
  matcher: RegExp;
  /** The names of the matcher's groups, in order: the path's parameters, then `*` for a splat. */
  paramNames: string[];
  score: number;
  /** The position of each route of the chain among its siblings: the tie-break between equal scores. */
  indexes: number[];
}

/** The ranked table of a route table (rankRoutes). */
export interface RankedRoutes {
  /** The branch react-router's matchRoutes would choose for an address, or null when none matches. */
  branchOf(pathname: string): RouteBranch | null;
  /** What react-router's matchRoutes answers for an address: each route of the branch with its parameters and parts. */
  matchOf(pathname: string): RouteMatch[] | null;
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

function paramNamesOf(path: string): string[] {
  const names = [...path.matchAll(/\/:([\w-]+)/g)].map((m) => m[1] ?? '');
  return path.endsWith('*') ? [...names, '*'] : names;
}

// What react-router's matchRouteBranch gives for a branch of pathless layouts over one route:
// every layout matches "/", the route the address (its trailing slashes and splat left out of
// pathnameBase), and the matches share one object of parameters.
function matchesOf(branch: RankedBranch, path: string): RouteMatch[] | null {
  const found = branch.matcher.exec(path);
  if (!found) return null;
  const params: Params = Object.fromEntries(
    branch.paramNames.map((name, i) => [name, (found[i + 1] ?? '').replace(/%2F/g, '/')]),
  );
  // As react-router: the splat's raw characters cut from the base, the slashes joined.
  const rawSplat = branch.paramNames.at(-1) === '*' ? (found[branch.paramNames.length] ?? '') : '';
  const pathname = `/${found[0]}`.replace(/\/\/+/g, '/');
  const base = found[0].slice(0, found[0].length - rawSplat.length).replace(/(.)\/+$/, '$1');
  const pathnameBase = `/${base}`.replace(/\/\/+/g, '/').replace(/\/+$/, '') || '/';
  return branch.chain.map((route, i) =>
    i === branch.chain.length - 1
      ? { params, pathname, pathnameBase, route }
      : { params, pathname: '/', pathnameBase: '/', route },
  );
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
      {
        chain,
        matcher: matcherOf(path),
        paramNames: paramNamesOf(path),
        score: scoreOf(path),
        indexes: [...indexes, index],
      },
    ];
  });
}

const ranked = new WeakMap<readonly RouteObject[], RankedRoutes>();

/**
 * A route table flattened, ranked and compiled once (and kept for that table). react-router's
 * useRoutes and matchRoutes do all of that again at every navigation (7-14 ms of a « Suivant » on
 * a phone 4× slower, issue 44), and their matching code weighed on the first load of every
 * patient (routing/renderMatches.tsx draws the matches instead).
 */
export function rankRoutes(routes: readonly RouteObject[]): RankedRoutes {
  const known = ranked.get(routes);
  if (known) return known;
  const branches = flatten(routes).sort(byRank);
  const table: RankedRoutes = {
    branchOf(pathname: string) {
      const path = decoded(pathname || '/');
      return branches.find((branch) => branch.matcher.test(path)) ?? null;
    },
    matchOf(pathname: string) {
      const path = decoded(pathname || '/');
      for (const branch of branches) {
        const matches = matchesOf(branch, path);
        if (matches) return matches;
      }
      return null;
    },
  };
  ranked.set(routes, table);
  return table;
}

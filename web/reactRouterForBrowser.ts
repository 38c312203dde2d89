import type { Plugin } from 'vite';

/** `Link.displayName = "Link";`: a statement of its own at the top level of react-router's files. */
const DISPLAY_NAME = /^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";$/gm;
/** `var NavLink = React10.forwardRef(`: a component made at the top level of react-router's files. */
const COMPONENT = /^(var [A-Za-z_$][\w$]* = )(React\d*\.(?:forwardRef|memo)\()/gm;

/**
 * A sourcemap of the file to itself, line by line: the edits below keep every line where it was
 * (a mapping at the start of each line, what a bundler's own low-resolution maps hold).
 */
function lineMap(code: string) {
  const lines = code.split('\n').length;
  return { mappings: ['AAAA', ...Array<string>(lines - 1).fill('AACA')].join(';') };
}

/**
 * react-router as the browser build takes it (issue 43):
 * - its production build, which its package ships but its `exports` never select (the
 *   development one only adds warnings for developers, in the console);
 * - every component it defines kept only where a screen uses it. Two things held them all in
 *   the bundle, used or not (its NavLink, its Form and what they call, its Link with framework
 *   mode's prefetching): the names written on them for React's developer tools
 *   (`Link.displayName = "Link"`, a property write, which counts as a side effect), left out;
 *   and `forwardRef` or `memo` calls the bundler cannot tell are pure, marked so (they are:
 *   each returns a new object and touches nothing).
 * The tests and the build's prerendering run react-router as its package gives it.
 */
export function reactRouterForBrowser(): Plugin {
  return {
    name: 'bilan-react-router-for-browser',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== 'react-router' && source !== 'react-router/dom') return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || !resolved.id.includes('/react-router/dist/development/')) return resolved;
      return { ...resolved, id: resolved.id.replace('/dist/development/', '/dist/production/') };
    },
    transform(code, id) {
      if (!/\/react-router\/dist\/production\/[^/]+\.mjs$/.test(id)) return null;
      const out = code.replace(DISPLAY_NAME, '').replace(COMPONENT, '$1/* @__PURE__ */ $2');
      return { code: out, map: lineMap(out) };
    },
  };
}

// ESLint rule `bilan/package-boundaries`: workspace packages meet at their entry points.
//
// A deep import is
// - `@bilan/<package>/<path>` where the package's package.json `exports` does not declare
//   `./<path>` (exactly or through a `*` pattern), or where the path reaches into `src/` or
//   `generated/`;
// - `@bilan/<package>` itself when the package declares no `.` entry point;
// - a relative import that leaves the package of the file it is written in.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';

/** The workspace packages of pnpm-workspace.yaml: folder, name and declared entry points. */
export function workspacePackages(root) {
  const yaml = readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8');
  const list = /^packages:[ \t]*\n((?:[ \t]+.*(?:\n|$))*)/m.exec(yaml)?.[1] ?? '';
  const folders = [...list.matchAll(/^\s+-\s+['"]?([^'"\s]+)['"]?\s*$/gm)].map((m) => m[1]);
  return folders
    .filter((folder) => existsSync(join(root, folder, 'package.json')))
    .map((folder) => {
      const manifest = JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8'));
      const exports = manifest.exports;
      const entries = exports === undefined ? [] : typeof exports === 'string' ? ['.'] : Object.keys(exports);
      return { folder, dir: resolve(root, folder), name: manifest.name, entries };
    })
    .sort((a, b) => b.dir.length - a.dir.length);
}

function declares(entries, subpath) {
  return entries.some((entry) => {
    if (!entry.includes('*')) return entry === subpath;
    const [prefix, suffix] = entry.split('*');
    return subpath.startsWith(prefix) && subpath.endsWith(suffix) && subpath.length >= prefix.length + suffix.length;
  });
}

function ownerOf(packages, path) {
  return packages.find((p) => path === p.dir || path.startsWith(p.dir + sep));
}

/** Why a specifier written in `file` is a deep import, or null when it is not. */
export function deepImportProblem(packages, file, specifier) {
  if (specifier.startsWith('@bilan/')) {
    const [scope, name, ...rest] = specifier.split('/');
    const target = packages.find((p) => p.name === `${scope}/${name}`);
    if (!target) return null;
    const subpath = rest.length === 0 ? '.' : `./${rest.join('/')}`;
    if (rest.includes('src') || rest.includes('generated'))
      return `"${specifier}" reaches into ${target.name}'s files: import one of its entry points (${target.entries.join(', ') || 'none declared'})`;
    if (!declares(target.entries, subpath))
      return `"${specifier}" is not an entry point of ${target.name} (its package.json exports: ${target.entries.join(', ') || 'none'})`;
    return null;
  }
  if (!specifier.startsWith('.')) return null;
  const from = ownerOf(packages, resolve(file));
  if (!from) return null;
  const to = ownerOf(packages, resolve(dirname(file), specifier));
  if (to === from) return null;
  return `"${specifier}" leaves ${from.name}: import ${to ? `${to.name} through its entry points` : 'nothing outside the package'}`;
}

/** The rule, bound to the workspace found at `root`. */
export function packageBoundaries(root) {
  const packages = workspacePackages(root);
  return {
    meta: {
      type: 'problem',
      docs: { description: 'workspace packages import each other only through their declared entry points' },
      schema: [],
      messages: { deep: 'Deep import: {{problem}}.' },
    },
    create(context) {
      const check = (node) => {
        if (!node || node.type !== 'Literal' || typeof node.value !== 'string') return;
        const problem = deepImportProblem(packages, context.filename, node.value);
        if (problem) context.report({ node, messageId: 'deep', data: { problem } });
      };
      return {
        ImportDeclaration: (node) => check(node.source),
        ExportNamedDeclaration: (node) => check(node.source),
        ExportAllDeclaration: (node) => check(node.source),
        ImportExpression: (node) => check(node.source),
      };
    },
  };
}

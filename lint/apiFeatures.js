// ESLint rule `bilan/api-features`: the api's features meet only at what each one publishes.
//
// A feature is a folder of api/src with an index.ts (patient/, pharmacy/, accounts/...): its index
// exports its plugin and the functions and types the rest of the api may use. A file of the api
// that is not in feature F
// - imports F only through its index (`../patient`, `../patient/index`), never one of F's files
//   (`../patient/record`): what F does not publish it may change freely;
// - never touches F's repository (`app.patientRepository`), which F's plugin decorates for its own
//   service and routes: it calls F's service (`app.patientService`) instead.
// Tests and test support are not checked (eslint.config.js): they set up and inspect any part.
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** The api's features: the folders of api/src that have an index.ts. */
export function apiFeatures(root) {
  const src = join(root, 'api', 'src');
  return readdirSync(src, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(src, entry.name, 'index.ts')))
    .map((entry) => entry.name)
    .sort();
}

/** The feature a path lies in (the folder under api/src), or null. */
function featureOf(features, src, path) {
  const rel = relative(src, path);
  if (rel.startsWith('..') || rel === '') return null;
  const [first, ...rest] = rel.split(sep);
  return rest.length > 0 && features.includes(first) ? first : null;
}

/** Why importing `specifier` from `file` reaches into another feature, or null when it does not. */
export function featureImportProblem(features, root, file, specifier) {
  if (!specifier.startsWith('.')) return null;
  const src = join(root, 'api', 'src');
  const target = resolve(dirname(file), specifier).replace(/\.(ts|js)$/, '');
  const from = featureOf(features, src, resolve(file));
  const rel = relative(src, target);
  const [to, ...inside] = rel.split(sep);
  if (rel.startsWith('..') || !features.includes(to) || to === from) return null;
  if (inside.length === 0 || (inside.length === 1 && inside[0] === 'index')) return null;
  const index = relative(dirname(file), join(src, to)).split(sep).join('/');
  return `"${specifier}" is inside the ${to} feature: import what it publishes from "${index.startsWith('.') ? index : `./${index}`}" (${to}/index.ts)`;
}

/** Why reading `property` (of the app) in `file` touches another feature's repository, or null. */
export function repositoryProblem(features, root, file, property) {
  const match = /^(.+)Repository$/.exec(property);
  if (!match || !features.includes(match[1])) return null;
  const from = featureOf(features, join(root, 'api', 'src'), resolve(file));
  if (from === match[1]) return null;
  return `app.${property} is the ${match[1]} feature's own: call its service (app.${match[1]}Service) or what ${match[1]}/index.ts publishes`;
}

/** The rule, bound to the repository at `root`. */
export function apiFeatureBoundaries(root) {
  const features = apiFeatures(root);
  return {
    meta: {
      type: 'problem',
      docs: { description: "the api's features use each other only through what each one's index.ts publishes" },
      schema: [],
      messages: { feature: 'Feature boundary: {{problem}}.' },
    },
    create(context) {
      const checkImport = (node) => {
        if (!node || node.type !== 'Literal' || typeof node.value !== 'string') return;
        const problem = featureImportProblem(features, root, context.filename, node.value);
        if (problem) context.report({ node, messageId: 'feature', data: { problem } });
      };
      const checkProperty = (identifier) => {
        const problem = repositoryProblem(features, root, context.filename, identifier.name);
        if (problem) context.report({ node: identifier, messageId: 'feature', data: { problem } });
      };
      return {
        ImportDeclaration: (node) => checkImport(node.source),
        ExportNamedDeclaration: (node) => checkImport(node.source),
        ExportAllDeclaration: (node) => checkImport(node.source),
        ImportExpression: (node) => checkImport(node.source),
        MemberExpression(node) {
          if (!node.computed && node.property.type === 'Identifier') checkProperty(node.property);
        },
        // const { patientRepository } = app
        ObjectPattern(node) {
          for (const p of node.properties)
            if (p.type === 'Property' && !p.computed && p.key.type === 'Identifier') checkProperty(p.key);
        },
      };
    },
  };
}

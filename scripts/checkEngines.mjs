// Every installed package runs on the oldest Node our `engines` allows (package.json): a package
// that needs a newer one would break a machine the README says is supported.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';

const root = join(import.meta.dirname, '..');
const ours = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).engines.node;
const oldest = semver.minVersion(ours)?.version;
if (!oldest) throw new Error(`engines.node is not a range: ${ours}`);
const store = join(root, 'node_modules', '.pnpm');
const refused = new Set();
for (const entry of readdirSync(store)) {
  const modules = join(store, entry, 'node_modules');
  if (!existsSync(modules)) continue;
  for (const scopeOrName of readdirSync(modules)) {
    const names = scopeOrName.startsWith('@')
      ? readdirSync(join(modules, scopeOrName)).map((n) => `${scopeOrName}/${n}`)
      : [scopeOrName];
    for (const name of names) {
      // The store entry's own package (its dependencies are links to their own entries).
      if (!entry.startsWith(`${name.replace('/', '+')}@`)) continue;
      const manifest = join(modules, name, 'package.json');
      if (!existsSync(manifest)) continue;
      const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
      const range = pkg.engines?.node;
      if (range && !semver.satisfies(oldest, range)) refused.add(`${pkg.name}@${pkg.version} needs Node ${range}`);
    }
  }
}
if (refused.size > 0) {
  console.error(`Packages that do not run on Node ${oldest} (engines ${ours}):\n  ${[...refused].sort().join('\n  ')}`);
  process.exit(1);
}
console.log(`every installed package runs on Node ${oldest} (engines ${ours})`);

// pnpm start / admin:create / backup: runs an entry point of the built api (api/dist, made by
// `pnpm build`) with plain node, so that production needs neither TypeScript nor dev packages.
import { existsSync } from 'node:fs';

const [name] = process.argv.splice(2, 1);
const entry = new URL(`../api/dist/${name}.mjs`, import.meta.url);
if (!name || !existsSync(entry)) {
  console.error('Application non construite : lancez « pnpm build », puis recommencez (api/dist absent).');
  process.exit(1);
}
await import(entry.href);

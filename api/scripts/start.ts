// pnpm dev: the server from the TypeScript source (development defaults: demo pharmacy, API docs,
// developer screen), after building the web app if it is missing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig, repoRoot } from '../src/config';
import { runServer } from '../src/server';

process.env.NODE_ENV ??= 'development';
// A bad configuration is reported by runServer, with every problem at once.
const webDist = (() => {
  try {
    return loadConfig().webDist;
  } catch {
    return null;
  }
})();
if (webDist !== null && !existsSync(join(webDist, 'index.html'))) {
  console.log(`Construction de l’application web (${webDist} absent)…`);
  const r = spawnSync('pnpm', ['--filter', '@bilan/web', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  if (r.status !== 0) console.error('La construction du web a échoué : seule l’API est servie.');
}
await runServer();

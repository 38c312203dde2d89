// pnpm start: builds the web app when it is missing, then runs the server (API + web, one port).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig, repoRoot } from '../src/config';
import { runServer } from '../src/server';

const { webDist } = loadConfig();
if (!existsSync(join(webDist, 'index.html'))) {
  console.log(`Construction de l’application web (${webDist} absent)…`);
  const r = spawnSync('pnpm', ['--filter', '@bilan/web', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  if (r.status !== 0) console.error('La construction du web a échoué : seule l’API est servie.');
}
await runServer();

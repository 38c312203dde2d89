// pnpm start / admin:create / backup / restore: runs an entry point of the current release
// (releases/current, made by `pnpm build`) with plain node, so that production needs neither
// TypeScript nor dev packages. The release is resolved once, at start: a build that switches
// `current` meanwhile changes nothing for this process, which reads only its own release's files.
// `--env-file <file>` reads settings from a file (KEY=value lines, as systemd's EnvironmentFile
// and docker's --env-file); the variables already set win.
import { existsSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const [name] = process.argv.splice(2, 1);
for (let at = process.argv.indexOf('--env-file'); at > 1; at = process.argv.indexOf('--env-file')) {
  const [, file] = process.argv.splice(at, 2);
  if (!file || !existsSync(file)) {
    console.error(`Fichier d’environnement introuvable : ${file ?? '(absent)'} (--env-file)`);
    process.exit(78);
  }
  process.loadEnvFile(file);
}
const current = fileURLToPath(new URL('../releases/current', import.meta.url));
const release = existsSync(current) ? realpathSync(current) : null;
const entry = release && join(release, 'api', 'dist', `${name}.mjs`);
if (!name || !entry || !existsSync(entry)) {
  console.error('Application non construite : lancez « pnpm build », puis recommencez (releases/current absent).');
  process.exit(1);
}
await import(pathToFileURL(entry).href);

// pnpm release:rollback: points releases/current back at the release built before it (kept by
// `pnpm build`), in one rename; then restart the service. The database keeps the migrations the
// newer release applied (each only adds): the older code runs on it, as during a rolling upgrade.
import { existsSync, readdirSync, readlinkSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const releases = fileURLToPath(new URL('../releases', import.meta.url));
const current = join(releases, 'current');
if (process.argv[2] !== 'rollback' || !existsSync(current)) {
  console.error('Usage : pnpm release:rollback (après « pnpm build » ; releases/current absent sinon)');
  process.exit(64);
}
const now = readlinkSync(current);
const older = readdirSync(releases)
  .filter((name) => /^\d{8}-\d{6}/.test(name) && name < now)
  .sort();
const target = older.at(-1);
if (!target) {
  console.error(`Aucune release antérieure à ${now} dans ${releases}.`);
  process.exit(1);
}
const link = join(releases, `.current-${process.pid}`);
rmSync(link, { force: true });
symlinkSync(target, link);
renameSync(link, current);
console.log(`releases/current : ${now} → ${target}. Redémarrez le service (systemctl restart bilan-prevention).`);

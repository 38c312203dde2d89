// pnpm restore <file> [--force]: a backup of `pnpm backup` back onto this machine's database
// (DATABASE_FILE or DATABASE_URL) and DATA_DIR, checked (rows per table, every PDF's SHA-256).
// Stop the server first; live data is replaced only with --force, and set aside, not deleted.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { commandConfig } from './commandConfig';
import { restoreBackup, RestoreRefused } from '../src/backup/restoreBackup';
import { BackupKeyError } from '../src/backup/sealedArchive';

let parsed;
try {
  parsed = parseArgs({
    args: process.argv.slice(2).filter((a) => a !== '--'),
    options: { force: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
} catch (err) {
  console.error(`${err instanceof Error ? err.message : String(err)}\nUsage : pnpm restore <fichier> [--force]`);
  process.exit(64);
}
const [file] = parsed.positionals;
if (!file || parsed.positionals.length > 1) {
  console.error('Usage : pnpm restore <fichier> [--force]');
  process.exit(64);
}
const config = commandConfig();
try {
  const result = await restoreBackup(config, resolve(process.cwd(), file), { force: parsed.values.force === true });
  const rows = Object.values(result.tables).reduce((a, b) => a + b, 0);
  console.log(
    `Restauration faite et vérifiée : ${rows} lignes dans ${Object.keys(result.tables).length} tables, ${result.pdfsChecked} PDF à l’empreinte SHA-256 identique, sauvegarde du ${result.manifest.createdAt} (${result.manifest.version}), ${result.ms} ms.`,
  );
  for (const path of result.setAside)
    console.log(`Mis de côté : ${path} (à supprimer une fois la restauration validée).`);
  console.log('Démarrez le serveur : les migrations mettront la base à jour si la sauvegarde est plus ancienne.');
} catch (err) {
  if (err instanceof RestoreRefused || err instanceof BackupKeyError) {
    console.error(err.message);
    process.exitCode = err instanceof RestoreRefused ? 2 : 1;
  } else {
    console.error(`Restauration en échec : ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
  }
}

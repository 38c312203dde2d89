// pnpm backup [destination]: one file sealed under BACKUP_KEY with the database as of one instant
// (the servers may keep running), every PDF and the secret files of DATA_DIR; by default in
// BACKUP_DIR (outside DATA_DIR), bilan-<date>.sauvegarde. `pnpm restore <file>` puts it back.
import { resolve } from 'node:path';
import { commandConfig, requireDatabaseFile } from './commandConfig';
import { makeBackup } from '../src/backup/makeBackup';
import { openStoreForCommand } from './commandStore';

function stamp(d: Date): string {
  return d.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
}

const config = commandConfig();
if (!config.backupKey) {
  console.error(
    'BACKUP_KEY manquant : la sauvegarde est chiffrée. Générez une clé (openssl rand -base64 48), gardez-en une copie hors de ce serveur, et donnez-la à cette commande (voir docs/operations.md).',
  );
  process.exit(78);
}
if (!config.databaseUrl) requireDatabaseFile(config);
const arg = process.argv.slice(2).find((a) => a !== '--');
const destination = arg
  ? resolve(process.cwd(), arg)
  : resolve(config.backupDir, `bilan-${stamp(new Date())}.sauvegarde`);

try {
  const result = await makeBackup(config, destination);
  const rows = Object.values(result.manifest.tables).reduce((a, b) => a + b, 0);
  // Recorded in the base, for the metrics (bilan_job_last_success_timestamp_seconds{job="backup"}).
  const store = await openStoreForCommand(config);
  try {
    await store.jobRuns.record('backup', Date.now(), `${result.file} (${result.bytes} octets)`);
  } finally {
    await store.close();
  }
  console.log(
    `Sauvegarde chiffrée écrite : ${result.file} (${(result.bytes / 1024 / 1024).toFixed(1)} Mo, ${result.manifest.database}, ${rows} lignes, ${result.manifest.pdfs.length} PDF, ${result.manifest.secrets.length} clés, ${result.ms} ms)`,
  );
} catch (err) {
  console.error(`Sauvegarde en échec : ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}

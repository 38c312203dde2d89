// pnpm backup [destination]: an online copy of the database (the servers may keep running):
// SQLite's online backup of DATABASE_FILE, or pg_dump of DATABASE_URL; the PDF folder beside it.
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { backupDatabase } from '../src/backup/backupDatabase';
import { backupPostgres } from '../src/backup/backupPostgres';
import { backupPdfs } from '../src/backup/backupPdfs';
import { commandConfig, requireDatabaseFile } from './commandConfig';
import { privateDir } from '../src/privateFiles';

function stamp(d: Date): string {
  return d.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
}

const config = commandConfig();

const arg = process.argv.slice(2).find((a) => a !== '--');
// The default folder is ours: owner only (0700), even if an older version created it.
if (!arg) privateDir(resolve(config.dataDir, 'backups'));

if (!config.databaseUrl) requireDatabaseFile(config);
const destination = arg
  ? resolve(process.cwd(), arg)
  : resolve(config.dataDir, 'backups', `bilan-${stamp(new Date())}.${config.databaseUrl ? 'pgdump' : 'sqlite'}`);
if (existsSync(destination)) {
  console.error(`La destination existe déjà : ${destination}`);
  process.exit(1);
}

/** SQLite's online copy of DATABASE_FILE, checked: what it wrote, for the operator. */
async function copySqlite(file: string): Promise<string> {
  const source = new Database(file, { fileMustExist: true });
  // The server may hold a write lock for a moment: wait rather than fail.
  source.pragma('busy_timeout = 5000');
  try {
    const result = await backupDatabase(source, destination);
    return `Sauvegarde écrite : ${result.file} (${(result.bytes / 1024 / 1024).toFixed(1)} Mo, ${result.pages} pages, intégrité : ${result.integrity}`;
  } finally {
    source.close();
  }
}

/** pg_dump of DATABASE_URL, checked by pg_restore: what it wrote, for the operator. */
function copyPostgres(url: string): string {
  const result = backupPostgres(url, destination);
  return `Sauvegarde PostgreSQL écrite : ${result.file} (${(result.bytes / 1024 / 1024).toFixed(1)} Mo, ${result.tables} tables relues par pg_restore`;
}

try {
  const started = Date.now();
  const written = config.databaseUrl ? copyPostgres(config.databaseUrl) : await copySqlite(config.databaseFile);
  // The PDFs live beside the database (DATA_DIR/pdfs): copied after it, into <backup>.pdfs.
  const pdfs = backupPdfs(config.pdfDir, `${destination}.pdfs`);
  console.log(
    `${written}, ${Date.now() - started} ms) et ${pdfs.files} PDF dans ${destination}.pdfs (${(pdfs.bytes / 1024 / 1024).toFixed(1)} Mo)`,
  );
} catch (err) {
  console.error(`Sauvegarde en échec : ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}

import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { getTableName } from 'drizzle-orm';
import type { Config } from '../config';
import { inReferenceOrder } from './moveToPostgres';
import { folderPdfStore } from '../db/pdfStore';
import { SECRETS } from '../secrets';
import { versionName } from '../release';
import { backupDatabase } from './backupDatabase';
import { dumpPostgres } from './backupPostgres';
import { createSealedArchive } from './sealedArchive';

/** What a backup holds, written last in it and checked by the restore. */
export interface BackupManifest {
  format: 1;
  createdAt: string;
  /** The release that wrote it. */
  version: string;
  database: 'sqlite' | 'postgres';
  /** Rows per table, as of the copy. */
  tables: Record<string, number>;
  /** Every stored PDF: its form and kind, its digest, and its entry when it is a file (else in its row). */
  pdfs: { formId: number; kind: string; sha256: string; bytes: number; entry: string | null }[];
  /** The generated secret files of DATA_DIR carried along (secrets/<name>). */
  secrets: string[];
}

/** The tables of schema.ts, by their SQL names. */
export const tableNames = () => inReferenceOrder().map(([, table]) => getTableName(table));

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

interface DocumentRow {
  formId: number;
  kind: string;
  fileKey: string | null;
  /** The digest and size of the bytes in the row; for a file, of the file. */
  sha256: string | null;
  bytes: number;
}

/** The copy of the database, as of one instant, with what describes it. */
interface DatabaseCopy {
  file: string;
  entry: 'database.sqlite' | 'database.pgdump';
  tables: Record<string, number>;
  documents: DocumentRow[];
}

/** SQLite's online copy into `folder`: consistent while the server writes, checked, one file. */
async function copySqlite(config: Config, folder: string): Promise<DatabaseCopy> {
  const file = join(folder, 'database.sqlite');
  const source = new Database(config.databaseFile, { fileMustExist: true });
  // The server may hold the write lock for a moment: wait rather than fail.
  source.pragma('busy_timeout = 5000');
  try {
    await backupDatabase(source, file);
  } finally {
    source.close();
  }
  const copy = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const tables = Object.fromEntries(
      tableNames().map((name) => [
        name,
        (copy.prepare(`SELECT count(*) AS n FROM "${name}"`).get() as { n: number }).n,
      ]),
    );
    const documents = (
      copy
        .prepare('SELECT form_id AS formId, kind, file_key AS fileKey, content, bytes FROM documents ORDER BY id')
        .all() as { formId: number; kind: string; fileKey: string | null; content: Buffer; bytes: number }[]
    ).map((d) => ({
      formId: d.formId,
      kind: d.kind,
      fileKey: d.fileKey,
      sha256: d.fileKey ? null : sha256(d.content),
      bytes: d.fileKey ? d.bytes : d.content.length,
    }));
    return { file, entry: 'database.sqlite', tables, documents };
  } finally {
    copy.close();
  }
}

/** pg_dump as of a snapshot, and the counts and digests read in that same snapshot. */
async function copyPostgres(url: string, folder: string): Promise<DatabaseCopy> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, application_name: 'bilan-backup' });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const snapshot = (await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id')).rows[0]?.id ?? '';
    const file = join(folder, 'database.pgdump');
    await dumpPostgres(url, snapshot, file);
    const tables: Record<string, number> = {};
    for (const name of tableNames())
      tables[name] = Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM "${name}"`)).rows[0]?.n);
    const documents = (
      await client.query<{ formId: string; kind: string; fileKey: string | null; sha256: string; bytes: number }>(
        `SELECT form_id AS "formId", kind, file_key AS "fileKey", encode(sha256(content), 'hex') AS sha256,
          length(content) AS bytes FROM documents ORDER BY id`,
      )
    ).rows.map((d) => ({
      formId: Number(d.formId),
      kind: d.kind,
      fileKey: d.fileKey,
      sha256: d.fileKey ? null : d.sha256,
      bytes: Number(d.bytes),
    }));
    await client.query('COMMIT');
    return { file, entry: 'database.pgdump', tables, documents };
  } finally {
    await client.end();
  }
}

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: BackupManifest;
  ms: number;
}

/**
 * `pnpm backup`: one file, sealed under BACKUP_KEY, that holds the database as of one instant
 * (SQLite's online copy, or pg_dump on PostgreSQL), every PDF it names, and the secret files of
 * DATA_DIR, with a manifest (rows per table, each PDF's SHA-256) that the restore checks. The
 * servers keep running. Written under a temporary name, then renamed: a file under its final name
 * is whole. The plain copy of the database exists only in DATA_DIR, for the time of the backup.
 */
export async function makeBackup(config: Config, destination: string, now: Date = new Date()): Promise<BackupResult> {
  if (!config.backupKey) throw new Error('BACKUP_KEY manquant');
  const started = Date.now();
  if (existsSync(destination)) throw new Error(`la destination existe déjà\u00a0: ${destination}`);
  await mkdir(dirname(destination), { recursive: true, mode: 0o700 });
  const staging = join(config.dataDir, `.backup-${randomBytes(6).toString('hex')}`);
  await mkdir(staging, { mode: 0o700 });
  const partial = `${destination}.partial`;
  await rm(partial, { force: true });
  const archive = await createSealedArchive(partial, config.backupKey);
  try {
    const copy = config.databaseUrl
      ? await copyPostgres(config.databaseUrl, staging)
      : await copySqlite(config, staging);
    await archive.add(copy.entry, (await stat(copy.file)).size, createReadStream(copy.file));
    await rm(copy.file, { force: true });

    // A PDF's file is written before its row: every file the copy names is whole.
    const pdfStore = folderPdfStore(config.pdfDir);
    const pdfs: BackupManifest['pdfs'] = [];
    for (const doc of copy.documents) {
      if (!doc.fileKey) {
        pdfs.push({ formId: doc.formId, kind: doc.kind, sha256: doc.sha256 ?? '', bytes: doc.bytes, entry: null });
        continue;
      }
      const bytes = await pdfStore.get(doc.fileKey);
      if (!bytes) throw new Error(`PDF manquant dans ${config.pdfDir}\u00a0: ${doc.fileKey}`);
      const entry = `pdfs/${doc.fileKey}.pdf`;
      await archive.add(entry, bytes.length, bytes);
      pdfs.push({ formId: doc.formId, kind: doc.kind, sha256: sha256(bytes), bytes: bytes.length, entry });
    }

    const secrets: string[] = [];
    for (const { file } of SECRETS) {
      const path = join(config.dataDir, file);
      if (!existsSync(path)) continue;
      const bytes = await readFile(path);
      await archive.add(`secrets/${file}`, bytes.length, bytes);
      secrets.push(file);
    }

    const manifest: BackupManifest = {
      format: 1,
      createdAt: now.toISOString(),
      version: versionName(),
      database: config.databaseUrl ? 'postgres' : 'sqlite',
      tables: copy.tables,
      pdfs,
      secrets,
    };
    const manifestBytes = Buffer.from(JSON.stringify(manifest));
    await archive.add('manifest.json', manifestBytes.length, manifestBytes);
    await archive.close();
    await rename(partial, destination);
    return { file: destination, bytes: (await stat(destination)).size, manifest, ms: Date.now() - started };
  } catch (err) {
    await archive.abort().catch(() => {});
    await rm(partial, { force: true });
    throw err;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

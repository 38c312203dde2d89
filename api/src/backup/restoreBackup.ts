import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { chmod, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Config } from '../config';
import { folderPdfStore } from '../db/pdfStore';
import { restorePostgres } from './backupPostgres';
import { tableNames, type BackupManifest } from './makeBackup';
import { readSealedArchive } from './sealedArchive';

/** A restore that stopped before touching the live data: what to do, for the operator. */
export class RestoreRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefused';
  }
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Rows per table found in the restored database (equal to the manifest's). */
  tables: Record<string, number>;
  /** PDFs whose SHA-256 was checked against the manifest. */
  pdfsChecked: number;
  /** What was there before and moved aside (with --force), for the operator to delete once sure. */
  setAside: string[];
  ms: number;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

/** The counts of a SQLite file, or throws when it cannot be read. */
function sqliteCounts(file: string): Record<string, number> {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return Object.fromEntries(
      tableNames().map((name) => [name, (db.prepare(`SELECT count(*) AS n FROM "${name}"`).get() as { n: number }).n]),
    );
  } finally {
    db.close();
  }
}

/** Whether a folder exists and holds anything. */
async function holdsFiles(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length > 0;
  } catch {
    return false;
  }
}

/**
 * SQLite: whether the live database holds data (a file that cannot be read counts as data), and
 * whether a server still has it open (it refuses the exclusive lock): a restore under a running
 * server would be overwritten by it.
 */
function sqliteLive(file: string): { data: boolean; inUse: boolean } {
  if (!existsSync(file)) return { data: false, inUse: false };
  let inUse = false;
  try {
    const probe = new Database(file, { fileMustExist: true });
    try {
      probe.pragma('busy_timeout = 0');
      probe.pragma('locking_mode = EXCLUSIVE');
      probe.exec('BEGIN EXCLUSIVE');
      probe.exec('COMMIT');
    } catch (err) {
      inUse = (err as { code?: string }).code === 'SQLITE_BUSY';
    } finally {
      probe.close();
    }
    const counts = sqliteCounts(file);
    return { data: (counts.accounts ?? 0) + (counts.forms ?? 0) > 0, inUse };
  } catch {
    return { data: true, inUse };
  }
}

/** PostgreSQL: whether the target holds tables of ours, and data in them. */
async function postgresLive(url: string): Promise<{ tables: boolean; data: boolean }> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const found = (await client.query<{ t: string | null }>("SELECT to_regclass('public.accounts')::text AS t")).rows[0]
      ?.t;
    if (!found) return { tables: false, data: false };
    const n = (
      await client.query<{ n: string }>('SELECT (SELECT count(*) FROM accounts) + (SELECT count(*) FROM forms) AS n')
    ).rows[0]?.n;
    return { tables: true, data: Number(n) > 0 };
  } finally {
    await client.end();
  }
}

/** PostgreSQL: counts and the digest of every PDF kept in its row, after the restore. */
async function postgresContents(url: string) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables: Record<string, number> = {};
    for (const name of tableNames())
      tables[name] = Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM "${name}"`)).rows[0]?.n);
    const rows = (
      await client.query<{ formId: string; kind: string; sha256: string | null }>(
        `SELECT form_id AS "formId", kind, CASE WHEN file_key IS NULL THEN encode(sha256(content), 'hex') END AS sha256
         FROM documents`,
      )
    ).rows;
    return { tables, inRows: new Map(rows.map((r) => [`${r.formId}-${r.kind}`, r.sha256])) };
  } finally {
    await client.end();
  }
}

/**
 * Sets the target's tables aside (--force, or a server's first start on it left them empty): the
 * schemas renamed, in the same database, for the operator to drop once sure. Their new names.
 */
async function setAsidePostgres(url: string, at: string): Promise<string[]> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const suffix = `avant_restauration_${at.replace('-', '_')}`;
  try {
    const aside = [`public_${suffix}`];
    await client.query('BEGIN');
    await client.query(`ALTER SCHEMA public RENAME TO public_${suffix}`);
    await client.query('CREATE SCHEMA public');
    if ((await client.query("SELECT 1 FROM pg_namespace WHERE nspname = 'drizzle'")).rowCount) {
      await client.query(`ALTER SCHEMA drizzle RENAME TO drizzle_${suffix}`);
      aside.push(`drizzle_${suffix}`);
    }
    await client.query('COMMIT');
    return aside.map((name) => `schéma PostgreSQL ${name}`);
  } finally {
    await client.end();
  }
}

/** The digests a restored database gives, compared with the manifest: the first difference, or null. */
function firstDifference(
  manifest: BackupManifest,
  tables: Record<string, number>,
  inRows: Map<string, string | null>,
  files: Map<string, string>,
): string | null {
  for (const [name, n] of Object.entries(manifest.tables))
    if (tables[name] !== n) return `table ${name}\u00a0: ${tables[name] ?? 'absente'} lignes, ${n} attendues`;
  for (const pdf of manifest.pdfs) {
    const found = pdf.entry ? files.get(pdf.entry) : inRows.get(`${pdf.formId}-${pdf.kind}`);
    if (found !== pdf.sha256)
      return `PDF ${pdf.kind} du formulaire ${pdf.formId}\u00a0: empreinte différente ou absent`;
  }
  return null;
}

/**
 * `pnpm restore <file>`: the database, the PDFs and the secret files of a backup (makeBackup.ts),
 * onto SQLite (DATABASE_FILE, PDFs in DATA_DIR/pdfs) or PostgreSQL (DATABASE_URL, the database the
 * backup was made from or an empty one). The backup is opened, unpacked into DATA_DIR and checked
 * first: rows per table and every PDF's SHA-256 against its manifest. Live data (a base with an
 * account or a form, PDFs) is replaced only with `force`, and moved aside rather than deleted; a
 * SQLite base that a server still has open is never replaced.
 */
export async function restoreBackup(
  config: Config,
  file: string,
  options: { force: boolean; now?: Date },
): Promise<RestoreResult> {
  const started = Date.now();
  if (!config.backupKey) throw new RestoreRefused('BACKUP_KEY manquant\u00a0: donnez la clé de la sauvegarde.');
  if (!existsSync(file)) throw new RestoreRefused(`Sauvegarde introuvable\u00a0: ${file}`);
  const onPostgres = config.databaseUrl !== null;

  // Live data first: nothing is unpacked on a machine that refuses.
  const live = onPostgres
    ? await postgresLive(config.databaseUrl ?? '')
    : { ...sqliteLive(config.databaseFile), tables: false };
  if ('inUse' in live && live.inUse)
    throw new RestoreRefused(
      `Un serveur utilise encore ${config.databaseFile}\u00a0: arrêtez-le (systemctl stop bilan-prevention), puis recommencez.`,
    );
  const livePdfs = await holdsFiles(config.pdfDir);
  if ((live.data || livePdfs) && !options.force)
    throw new RestoreRefused(
      `Des données sont déjà en place (${onPostgres ? 'base PostgreSQL' : config.databaseFile}${livePdfs ? `, ${config.pdfDir}` : ''})\u00a0: ` +
        'relancez avec --force pour les remplacer (elles seront mises de côté, pas effacées).',
    );

  const staging = join(config.dataDir, `.restore-${randomBytes(6).toString('hex')}`);
  await mkdir(staging, { mode: 0o700 });
  try {
    // Unpacked and hashed as it comes; nothing live is touched until everything checks.
    const stagedPdfs = folderPdfStore(join(staging, 'pdfs'));
    await stagedPdfs.prepare();
    const files = new Map<string, string>();
    const secrets = new Map<string, Buffer>();
    let manifest: BackupManifest | undefined;
    let databaseEntry: string | undefined;
    for await (const entry of readSealedArchive(file, config.backupKey)) {
      if (entry.name === 'database.sqlite' || entry.name === 'database.pgdump') {
        databaseEntry = join(staging, entry.name);
        const out = createWriteStream(databaseEntry, { mode: 0o600 });
        for await (const part of entry.content) if (!out.write(part)) await once(out, 'drain');
        out.end();
        await once(out, 'finish');
        continue;
      }
      const parts: Buffer[] = [];
      for await (const part of entry.content) parts.push(part);
      const bytes = Buffer.concat(parts);
      if (entry.name === 'manifest.json') manifest = JSON.parse(bytes.toString('utf8')) as BackupManifest;
      else if (entry.name.startsWith('pdfs/') && entry.name.endsWith('.pdf')) {
        files.set(entry.name, sha256(bytes));
        await stagedPdfs.put(entry.name.slice('pdfs/'.length, -'.pdf'.length), bytes);
      } else if (entry.name.startsWith('secrets/')) secrets.set(entry.name.slice('secrets/'.length), bytes);
    }
    if (!manifest || !databaseEntry) throw new Error('sauvegarde incomplète\u00a0: manifeste ou base absents');
    if (manifest.database !== (onPostgres ? 'postgres' : 'sqlite'))
      throw new RestoreRefused(
        manifest.database === 'sqlite'
          ? 'Cette sauvegarde est celle d’une base SQLite\u00a0: restaurez-la sans DATABASE_URL, puis «\u00a0pnpm db:move-to-postgres\u00a0».'
          : 'Cette sauvegarde est celle d’une base PostgreSQL\u00a0: restaurez-la avec DATABASE_URL.',
      );

    const at = stamp(options.now ?? new Date());
    const setAside: string[] = [];
    const putAside = async (path: string) => {
      if (!existsSync(path)) return;
      const aside = `${path}.avant-restauration-${at}`;
      await rename(path, aside);
      setAside.push(aside);
    };
    let tables: Record<string, number>;
    let inRows: Map<string, string | null>;
    if (onPostgres) {
      const url = config.databaseUrl ?? '';
      if (live.tables) setAside.push(...(await setAsidePostgres(url, at)));
      await restorePostgres(databaseEntry, url);
      ({ tables, inRows } = await postgresContents(url));
    } else {
      // Checked where it lies, before it replaces anything.
      tables = sqliteCounts(databaseEntry);
      const db = new Database(databaseEntry, { readonly: true });
      try {
        inRows = new Map(
          (
            db.prepare('SELECT form_id AS formId, kind, file_key AS fileKey, content FROM documents').all() as {
              formId: number;
              kind: string;
              fileKey: string | null;
              content: Buffer;
            }[]
          ).map((d) => [`${d.formId}-${d.kind}`, d.fileKey ? null : sha256(d.content)]),
        );
      } finally {
        db.close();
      }
    }
    const difference = firstDifference(manifest, tables, inRows, files);
    if (difference) throw new Error(`contrôle de la restauration en échec\u00a0: ${difference}`);

    if (!onPostgres) {
      for (const suffix of ['', '-wal', '-shm']) await putAside(`${config.databaseFile}${suffix}`);
      await mkdir(join(config.databaseFile, '..'), { recursive: true, mode: 0o700 });
      await rename(databaseEntry, config.databaseFile);
      await chmod(config.databaseFile, 0o600);
    }
    if (files.size > 0 || !onPostgres) {
      if (await holdsFiles(config.pdfDir)) await putAside(config.pdfDir);
      else await rm(config.pdfDir, { recursive: true, force: true });
      await rename(join(staging, 'pdfs'), config.pdfDir);
    }
    // The backup's keys open what its base holds (queued e-mails, login codes, sessions).
    for (const [name, bytes] of secrets) {
      const path = join(config.dataDir, name);
      if (existsSync(path) && (await readFile(path)).equals(bytes)) continue;
      await putAside(path);
      await writeFile(path, bytes, { mode: 0o600 });
    }
    return { manifest, tables, pdfsChecked: manifest.pdfs.length, setAside, ms: Date.now() - started };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

// The database, its WAL, backups, the outbox and the secrets are readable by their owner only
// (issue 14): files 0600 in folders 0700, whatever the umask (0022 here: 0644 files by default).
import { chmodSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { backupDatabase } from './backup/backupDatabase';
import { TEST_NOW, testConfig } from '../test/helpers';
import { temporaryFolders } from '../test/temporaryFolders';

const roots = temporaryFolders('bilan-modes-');
afterEach(roots.removeAll);

const mode = (path: string) => statSync(path).mode & 0o777;

/**
 * Starts the app over `dataDir`, sends a mail and takes a backup; answers the modes of the
 * database's files while it runs (SQLite removes the WAL and shared memory on close).
 */
async function startAndWrite(dataDir: string) {
  // Secrets generated into DATA_DIR, as on a first run without them in the environment.
  const config = testConfig(dataDir, { jwtSecret: '', altchaHmacKey: '', codeHashKey: '', mailEncryptionKey: '' });
  const app = await buildApp({ config, clock: () => TEST_NOW });
  try {
    await app.mailer.enqueue({
      kind: 'login_code',
      to: 'p@pharma.test',
      subject: 'Code',
      text: 'Votre code de vérification est\u00a0: 123456',
      secret: true,
    });
    await app.mailer.idle();
    await backupDatabase(app.sqlite, join(dataDir, 'backups', 'copie.sqlite'));
    return { config, database: ['', '-wal', '-shm'].map((f) => mode(`${config.databaseFile}${f}`)) };
  } finally {
    await app.close();
  }
}

describe('files of the server', () => {
  it('are created 0600 in 0700 folders: database, WAL, shared memory, secrets, outbox, backups', async () => {
    const root = roots.make();
    const dataDir = join(root, 'donnees');
    const { config, database } = await startAndWrite(dataDir);
    expect(mode(dataDir)).toBe(0o700);
    expect(database).toEqual([0o600, 0o600, 0o600]);
    for (const f of ['jwt-secret', 'altcha-hmac-key', 'code-hash-key', 'mail-encryption-key'])
      expect(mode(join(dataDir, f)), f).toBe(0o600);
    expect(mode(config.outboxDir)).toBe(0o700);
    const eml = readdirSync(config.outboxDir);
    expect(eml).toHaveLength(1);
    expect(mode(join(config.outboxDir, eml[0] as string))).toBe(0o600);
    expect(mode(join(dataDir, 'backups'))).toBe(0o700);
    expect(mode(join(dataDir, 'backups', 'copie.sqlite'))).toBe(0o600);
  });

  it('are made private at start when an older version left them readable by others', async () => {
    const root = roots.make();
    const dataDir = join(root, 'donnees');
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    // A database an older version created readable by all, with its folder and a secret.
    const older = new Database(join(dataDir, 'bilan.sqlite'));
    older.pragma('journal_mode = WAL');
    older.close();
    chmodSync(join(dataDir, 'bilan.sqlite'), 0o644);
    writeFileSync(join(dataDir, 'jwt-secret'), `${'s'.repeat(48)}\n`, { mode: 0o644 });
    chmodSync(join(dataDir, 'jwt-secret'), 0o644);
    const { database } = await startAndWrite(dataDir);
    expect(mode(dataDir)).toBe(0o700);
    expect(database).toEqual([0o600, 0o600, 0o600]);
    expect(mode(join(dataDir, 'jwt-secret'))).toBe(0o600);
  });
});
